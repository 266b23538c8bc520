import { describe, expect, it } from 'vitest';
import { formatInZone } from '@crm/domain';
import { exportZone } from './export-zone.js';

// The exports' fast date cells must read exactly like dayjs' zone formatting (the domain's formatInZone), across
// zones with half- and quarter-hour offsets and daylight-saving changes, at the changes themselves too.

const ISO = 'YYYY-MM-DDTHH:mm:ssZ';

const ZONES = [
  'UTC',
  'Asia/Dubai',
  'America/New_York',
  'Europe/London',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Pacific/Chatham',
  'America/Sao_Paulo',
];

describe('exportZone', () => {
  it('matches formatInZone for random instants over ten years and around DST changes', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return (seed - 1) / 2147483646;
    };
    const start = Date.UTC(2019, 0, 1);
    const instants = Array.from({ length: 1000 }, () => new Date(start + Math.floor(random() * 10 * 365 * 86_400_000)));
    // Minutes around the 2026 changes in New York, London and Lord Howe (half-hour shift).
    for (const change of [
      '2026-03-08T07:00:00Z',
      '2026-11-01T06:00:00Z',
      '2026-03-29T01:00:00Z',
      '2026-04-04T15:00:00Z',
      '2026-10-03T15:30:00Z',
    ]) {
      for (let m = -90; m <= 90; m += 7) instants.push(new Date(Date.parse(change) + m * 60_000 + 13_000));
    }
    for (const zone of ZONES) {
      const dates = exportZone(zone);
      for (const instant of instants) {
        const iso = dates.iso(instant);
        expect(iso, `${zone} ${instant.toISOString()}`).toBe(formatInZone(instant, ISO, zone));
        // The text names the same instant (to the second), and the XLSX serial is its wall time.
        expect(Date.parse(iso)).toBe(Math.floor(instant.getTime() / 1000) * 1000);
        const wall = Date.parse(`${iso.slice(0, 19)}Z`);
        expect(Math.abs((dates.serial(instant) - 25_569) * 86_400_000 - wall)).toBeLessThan(1000);
      }
    }
  });

  it('falls back to UTC for an unknown zone, like the rest of the API', () => {
    const at = new Date('2026-01-05T15:07:00Z');
    expect(exportZone('Mars/Olympus').iso(at)).toBe('2026-01-05T15:07:00+00:00');
    expect(exportZone('Asia/Dubai').iso(at)).toBe('2026-01-05T19:07:00+04:00');
    expect(exportZone('Asia/Kathmandu').iso(at)).toBe('2026-01-05T20:52:00+05:45');
    expect(exportZone('America/New_York').iso(at)).toBe('2026-01-05T10:07:00-05:00');
    // 2026-01-05 19:07 in Dubai is day 46027 of the spreadsheet calendar, plus 19 h 7 min.
    expect(exportZone('Asia/Dubai').serial(at)).toBeCloseTo(46_027 + (19 * 60 + 7) / 1440, 9);
  });
});
