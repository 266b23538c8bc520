import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { exportZone } from './export-zone.js';
import { csvText, toCell, type Cells } from './resource-export.js';

// The exports' CSV writer must write exactly what csv-stringify (the reference RFC 4180 writer) writes.

describe('csvText', () => {
  it('matches csv-stringify for quotes, separators, line breaks, numbers and empties', () => {
    const rows: Cells[] = [
      ['plain', 'with, comma', 'with "quotes"', 'line\nbreak', 'carriage\rreturn', 'crlf\r\nx', '', null],
      [0, -1.5, 1234567.89, 'Yes', 'No', "'=SUM(A1)", 'émoji ✓ عربي', '"'],
      [],
      ['only'],
    ];
    expect(csvText(rows)).toBe(stringify(rows));
    expect(csvText([['Created At', 'Lead ID']])).toBe('Created At,Lead ID\n');
  });

  it("writes booleans Yes/No and dates as ISO 8601 in the caller's zone, like every export", () => {
    const at = new Date('2026-03-01T22:30:15.250Z');
    const cells = [toCell(true), toCell(false), toCell(at), toCell(null)];
    expect(csvText([cells], exportZone('Asia/Dubai'))).toBe('Yes,No,2026-03-02T02:30:15+04:00,\n');
    expect(csvText([cells])).toBe('Yes,No,2026-03-01T22:30:15+00:00,\n');
  });
});
