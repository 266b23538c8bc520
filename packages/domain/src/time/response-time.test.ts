import { describe, expect, it } from 'vitest';
import { averageResponseTime, formatAmount, formatResponseTime, roundTo2 } from './response-time.js';

describe('formatResponseTime', () => {
  it('shows every non-zero unit, largest first, singular for one', () => {
    expect(formatResponseTime(1)).toBe('1 minute');
    expect(formatResponseTime(2)).toBe('2 minutes');
    expect(formatResponseTime(60)).toBe('1 hour');
    expect(formatResponseTime(61.5)).toBe('1 hour 1 minute 30 seconds');
    expect(formatResponseTime(1440 + 120)).toBe('1 day 2 hours');
    expect(formatResponseTime(43200 + 2 * 1440 + 3 * 60 + 4 + 5 / 60)).toBe('1 month 2 days 3 hours 4 minutes 5 seconds');
  });

  it('switches unit exactly at the thresholds (60, 1440, 43200 minutes)', () => {
    expect(formatResponseTime(59)).toBe('59 minutes');
    expect(formatResponseTime(1439)).toBe('23 hours 59 minutes');
    expect(formatResponseTime(1440)).toBe('1 day');
    expect(formatResponseTime(43199)).toBe('29 days 23 hours 59 minutes');
    expect(formatResponseTime(43200)).toBe('1 month');
    expect(formatResponseTime(86400)).toBe('2 months');
  });

  it('shows sub-minute times in seconds, rounded to the nearest second', () => {
    expect(formatResponseTime(0.5)).toBe('30 seconds');
    expect(formatResponseTime(1 / 60)).toBe('1 second');
    expect(formatResponseTime(0.001)).toBe('0 seconds');
    expect(formatResponseTime(0)).toBe('0 seconds');
    expect(formatResponseTime(59.999)).toBe('1 hour');
  });

  it('reads numeric strings', () => {
    expect(formatResponseTime('90')).toBe('1 hour 30 minutes');
  });

  it("is 'N/A' for missing, negative or non-numeric input", () => {
    for (const bad of [null, undefined, '', '  ', 'abc', -1, Number.NaN, Number.POSITIVE_INFINITY, {}, []]) {
      expect(formatResponseTime(bad)).toBe('N/A');
    }
  });
});

describe('averageResponseTime', () => {
  it("is 'N/A' with no valid times", () => {
    expect(averageResponseTime([])).toBe('N/A');
    expect(averageResponseTime(null)).toBe('N/A');
    expect(averageResponseTime([null, 'x', -5])).toBe('N/A');
  });
  it('is the mean of the valid times, rounded to 2 decimals', () => {
    expect(averageResponseTime([10])).toBe(10);
    expect(averageResponseTime([1, 2])).toBe(1.5);
    expect(averageResponseTime([1, 1, 2])).toBe(1.33);
    expect(averageResponseTime([2, 2, 1])).toBe(1.67);
    expect(averageResponseTime([0, 0])).toBe(0);
    expect(averageResponseTime([10, null, 'x', 20])).toBe(15);
  });
  it('rounds half up even for binary fractions', () => {
    expect(roundTo2(1.005)).toBe(1.01);
    expect(roundTo2(2.675)).toBe(2.68);
    expect(roundTo2(1.004)).toBe(1);
  });
});

describe('formatAmount', () => {
  it('shows 2 decimals with grouping', () => {
    expect(formatAmount(1234.5)).toBe('1,234.50');
    expect(formatAmount('1000000')).toBe('1,000,000.00');
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount(null)).toBe('');
    expect(formatAmount('abc')).toBe('');
  });
});
