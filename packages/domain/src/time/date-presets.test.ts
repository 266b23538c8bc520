import { describe, expect, it } from 'vitest';
import { DATE_PRESETS, datePresetRange, isDatePreset } from './date-presets.js';
import { formatInZone, resolveTimezone, wallTimeToInstant } from './timezone.js';

describe('resolveTimezone', () => {
  it('keeps a known IANA zone', () => {
    expect(resolveTimezone('Asia/Dubai')).toBe('Asia/Dubai');
    expect(resolveTimezone('America/New_York')).toBe('America/New_York');
  });
  it('falls back to UTC for unknown, empty or missing zones', () => {
    expect(resolveTimezone('Mars/Olympus_Mons')).toBe('UTC');
    expect(resolveTimezone('')).toBe('UTC');
    expect(resolveTimezone('   ')).toBe('UTC');
    expect(resolveTimezone(null)).toBe('UTC');
    expect(resolveTimezone(undefined)).toBe('UTC');
  });
});

describe('datePresetRange', () => {
  // 22:30 UTC on 31 Jan is already 1 Feb in Dubai (UTC+4): the zone decides what "today" is.
  const now = new Date('2026-01-31T22:30:00.000Z');

  it('computes Today and Yesterday in the given zone', () => {
    expect(datePresetRange('Today', now, 'Asia/Dubai')).toEqual({ from: '2026-01-31T20:00:00.000Z', to: '2026-02-01T19:59:59.999Z' });
    expect(datePresetRange('Yesterday', now, 'Asia/Dubai')).toEqual({ from: '2026-01-30T20:00:00.000Z', to: '2026-01-31T19:59:59.999Z' });
    expect(datePresetRange('Today', now, 'UTC')).toEqual({ from: '2026-01-31T00:00:00.000Z', to: '2026-01-31T23:59:59.999Z' });
  });

  it('computes months across a year boundary and February of a leap year', () => {
    expect(datePresetRange('This Month', now, 'Asia/Dubai')).toEqual({ from: '2026-01-31T20:00:00.000Z', to: '2026-02-28T19:59:59.999Z' });
    expect(datePresetRange('Last Month', now, 'Asia/Dubai')).toEqual({ from: '2025-12-31T20:00:00.000Z', to: '2026-01-31T19:59:59.999Z' });
    expect(datePresetRange('Last Month', new Date('2026-01-15T12:00:00Z'), 'UTC')).toEqual({
      from: '2025-12-01T00:00:00.000Z',
      to: '2025-12-31T23:59:59.999Z',
    });
    expect(datePresetRange('This Month', new Date('2028-02-10T12:00:00Z'), 'UTC').to).toBe('2028-02-29T23:59:59.999Z');
    expect(datePresetRange('Last Month', new Date('2026-03-31T12:00:00Z'), 'UTC')).toEqual({
      from: '2026-02-01T00:00:00.000Z',
      to: '2026-02-28T23:59:59.999Z',
    });
  });

  it('computes This Year and Last Year', () => {
    expect(datePresetRange('This Year', now, 'Asia/Dubai')).toEqual({ from: '2025-12-31T20:00:00.000Z', to: '2026-12-31T19:59:59.999Z' });
    expect(datePresetRange('Last Year', now, 'UTC')).toEqual({ from: '2025-01-01T00:00:00.000Z', to: '2025-12-31T23:59:59.999Z' });
  });

  it('covers 23 hours on the spring-forward day and 25 on the fall-back day', () => {
    const spring = datePresetRange('Today', new Date('2024-03-10T15:00:00Z'), 'America/New_York');
    expect(spring).toEqual({ from: '2024-03-10T05:00:00.000Z', to: '2024-03-11T03:59:59.999Z' });
    expect(Date.parse(spring.to) + 1 - Date.parse(spring.from)).toBe(23 * 3600_000);

    const fall = datePresetRange('Today', new Date('2024-11-03T15:00:00Z'), 'America/New_York');
    expect(fall).toEqual({ from: '2024-11-03T04:00:00.000Z', to: '2024-11-04T04:59:59.999Z' });
    expect(Date.parse(fall.to) + 1 - Date.parse(fall.from)).toBe(25 * 3600_000);
  });

  it('starts a day whose midnight does not exist at its first real instant (Beirut, 2024-03-31)', () => {
    // Clocks jump from 23:59:59 (+02) to 01:00 (+03): the day starts at 22:00Z.
    expect(datePresetRange('Today', new Date('2024-03-31T10:00:00Z'), 'Asia/Beirut').from).toBe('2024-03-30T22:00:00.000Z');
  });

  it('spans a month containing a DST change in the zone', () => {
    expect(datePresetRange('This Month', new Date('2024-03-15T12:00:00Z'), 'Europe/London')).toEqual({
      from: '2024-03-01T00:00:00.000Z',
      to: '2024-03-31T22:59:59.999Z',
    });
  });

  it('falls back to UTC for an unknown zone', () => {
    expect(datePresetRange('Today', now, 'Not/AZone')).toEqual(datePresetRange('Today', now, 'UTC'));
    expect(datePresetRange('Today', now, undefined)).toEqual(datePresetRange('Today', now, 'UTC'));
  });

  it('knows its preset names', () => {
    expect(DATE_PRESETS).toEqual(['Today', 'Yesterday', 'This Month', 'Last Month', 'This Year', 'Last Year']);
    expect(isDatePreset('Last Month')).toBe(true);
    expect(isDatePreset('last month')).toBe(false);
    expect(isDatePreset(3)).toBe(false);
  });
});

describe('formatInZone / wallTimeToInstant', () => {
  it('formats an instant as wall time in a zone', () => {
    expect(formatInZone('2026-01-31T22:30:00Z', 'YYYY-MM-DD HH:mm', 'Asia/Dubai')).toBe('2026-02-01 02:30');
    expect(formatInZone(null, 'YYYY')).toBe('');
  });
  it('reads a picker wall time in a zone', () => {
    expect(wallTimeToInstant('2026-02-01 00:00:00', 'Asia/Dubai')?.toISOString()).toBe('2026-01-31T20:00:00.000Z');
    expect(wallTimeToInstant('not a date', 'Asia/Dubai')).toBeUndefined();
  });
});
