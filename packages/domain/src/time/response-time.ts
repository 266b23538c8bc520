import { MESSAGES } from '../messages/messages.js';

// Response times are stored in minutes and shown in calendar-ish units.
export const MINUTES_PER = { MONTH: 43_200, DAY: 1_440, HOUR: 60 } as const;

const UNITS = [
  { name: 'month', seconds: MINUTES_PER.MONTH * 60 },
  { name: 'day', seconds: MINUTES_PER.DAY * 60 },
  { name: 'hour', seconds: MINUTES_PER.HOUR * 60 },
  { name: 'minute', seconds: 60 },
  { name: 'second', seconds: 1 },
] as const;

function toMinutes(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : undefined;
}

/**
 * Minutes -> '1 month 2 days 3 hours 4 minutes 5 seconds': every non-zero unit, largest first, singular
 * for 1. Seconds are rounded to the nearest whole second; zero is '0 seconds'. Missing, negative or
 * non-numeric input is 'N/A'.
 */
export function formatResponseTime(minutes: unknown): string {
  const value = toMinutes(minutes);
  if (value === undefined) return MESSAGES.common.notAvailable;
  let remaining = Math.round(value * 60);
  if (remaining === 0) return '0 seconds';
  const parts: string[] = [];
  for (const unit of UNITS) {
    const count = Math.floor(remaining / unit.seconds);
    remaining -= count * unit.seconds;
    if (count > 0) parts.push(`${count} ${unit.name}${count === 1 ? '' : 's'}`);
  }
  return parts.join(' ');
}

/** Half-up rounding to 2 decimals that survives binary fractions (1.005 -> 1.01). */
export function roundTo2(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

/** An agent's average response time: the mean of valid minutes, 2 decimals; 'N/A' when there are none. */
export function averageResponseTime(responseTimes: readonly unknown[] | null | undefined): number | 'N/A' {
  const valid = (responseTimes ?? []).map(toMinutes).filter((n): n is number => n !== undefined);
  if (valid.length === 0) return MESSAGES.common.notAvailable;
  return roundTo2(valid.reduce((sum, n) => sum + n, 0) / valid.length);
}

/** Currency amounts show 2 decimals ('1,234.50'); '' for a missing amount. */
export function formatAmount(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : value;
  if (n === null || n === undefined || !Number.isFinite(n)) return '';
  return n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
