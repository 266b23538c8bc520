import { describe, expect, it } from 'vitest';
import { formatInZone, LEADS_REPORT_DATE_FORMAT } from '@crm/domain';
import { reportDateFormatter } from './lead-export-format.js';

// The export's fast date cells must read exactly like the report's (the domain's dayjs formatting), across
// zones with half- and quarter-hour offsets and daylight-saving changes, at the changes themselves too.

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

describe('reportDateFormatter', () => {
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
      const format = reportDateFormatter(zone);
      for (const instant of instants)
        expect(format(instant), `${zone} ${instant.toISOString()}`).toBe(formatInZone(instant, LEADS_REPORT_DATE_FORMAT, zone));
    }
  });

  it('falls back to UTC for an unknown zone, like the rest of the API', () => {
    const at = new Date('2026-01-05T15:07:00Z');
    expect(reportDateFormatter('Mars/Olympus')(at)).toBe('Jan 5, 2026, 3:07 PM');
    expect(reportDateFormatter('Asia/Dubai')(at)).toBe('Jan 5, 2026, 7:07 PM');
    expect(reportDateFormatter('UTC')(new Date('2026-01-05T00:05:00Z'))).toBe('Jan 5, 2026, 12:05 AM');
  });
});
