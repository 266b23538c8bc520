import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { csvText, type Cells } from './resource-export.js';

// The exports' CSV writer must write exactly what csv-stringify (the reference RFC 4180 writer) writes.

describe('csvText', () => {
  it('matches csv-stringify for quotes, separators, line breaks, numbers, booleans and empties', () => {
    const rows: Cells[] = [
      ['plain', 'with, comma', 'with "quotes"', 'line\nbreak', 'carriage\rreturn', 'crlf\r\nx', '', null],
      [0, -1.5, 1234567.89, true, false, "'=SUM(A1)", 'émoji ✓ عربي', '"'],
      [],
      ['only'],
    ];
    expect(csvText(rows)).toBe(stringify(rows));
    expect(csvText([['Created At', 'Lead ID']])).toBe('Created At,Lead ID\n');
  });
});
