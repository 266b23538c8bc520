import { describe, expect, it } from 'vitest';
import { customDayRange, dateFilterRange, parseDateFilter } from './date-filter';

describe('date filters', () => {
  it('reads a custom range as whole days in the zone, either order', () => {
    expect(customDayRange('2026-01-01', '2026-01-31', 'Asia/Dubai')).toEqual({
      from: '2025-12-31T20:00:00.000Z',
      to: '2026-01-31T19:59:59.999Z',
    });
    expect(customDayRange('2026-01-31', '2026-01-01', 'UTC')).toEqual({ from: '2026-01-01T00:00:00.000Z', to: '2026-01-31T23:59:59.999Z' });
  });
  it('judges a preset at the time asked', () => {
    expect(dateFilterRange({ preset: 'Yesterday' }, new Date('2026-03-16T08:00:00Z'), 'UTC')).toEqual({
      from: '2026-03-15T00:00:00.000Z',
      to: '2026-03-15T23:59:59.999Z',
    });
  });
  it('reads cached filters back', () => {
    expect(parseDateFilter({ preset: 'This Year' })).toEqual({ preset: 'This Year' });
    expect(parseDateFilter({ from: '2026-01-01', to: '2026-01-02' })).toEqual({ from: '2026-01-01', to: '2026-01-02' });
    expect(parseDateFilter(null)).toBeNull();
    expect(parseDateFilter({ preset: 'Next Week' })).toBeUndefined();
    expect(parseDateFilter({ from: '1/1/2026', to: '2026-01-02' })).toBeUndefined();
    expect(parseDateFilter('Today')).toBeUndefined();
  });
});
