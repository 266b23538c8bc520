import { dayjs } from './dayjs.js';
import { resolveTimezone } from './timezone.js';

// The date filter presets (docs/product.md 'Leads report'); a range covers whole days in the caller's zone.
export const DATE_PRESET = {
  TODAY: 'Today',
  YESTERDAY: 'Yesterday',
  THIS_MONTH: 'This Month',
  LAST_MONTH: 'Last Month',
  THIS_YEAR: 'This Year',
  LAST_YEAR: 'Last Year',
} as const;
export type DatePreset = (typeof DATE_PRESET)[keyof typeof DATE_PRESET];
export const DATE_PRESETS = Object.values(DATE_PRESET) as DatePreset[];

export function isDatePreset(value: unknown): value is DatePreset {
  return typeof value === 'string' && (DATE_PRESETS as string[]).includes(value);
}

/** An instant range as ISO 8601 UTC strings, both ends inclusive. */
export interface DateRange {
  from: string;
  to: string;
}

/** A calendar day, independent of any zone. */
interface CalendarDay {
  year: number;
  month: number; // 1-12
  day: number;
}

/** Calendar arithmetic on plain days: a UTC Date is only used as a calendar here, never as an instant. */
function shiftDays(d: CalendarDay, days: number): CalendarDay {
  const date = new Date(Date.UTC(d.year, d.month - 1, d.day + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

function lastDayOfMonth(year: number, month: number): CalendarDay {
  return shiftDays({ year, month: month + 1, day: 1 }, -1);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The first instant of a calendar day in a zone (handles a day that starts at 01:00 after a DST jump). */
function startOfDay(d: CalendarDay, zone: string): Date {
  return dayjs.tz(`${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)} 00:00:00`, zone).toDate();
}

/** The last millisecond of a calendar day: the next day's start minus 1 ms, right on 23- and 25-hour days. */
function endOfDay(d: CalendarDay, zone: string): Date {
  return new Date(startOfDay(shiftDays(d, 1), zone).getTime() - 1);
}

function daysOf(preset: DatePreset, today: CalendarDay): [CalendarDay, CalendarDay] {
  switch (preset) {
    case DATE_PRESET.TODAY:
      return [today, today];
    case DATE_PRESET.YESTERDAY: {
      const yesterday = shiftDays(today, -1);
      return [yesterday, yesterday];
    }
    case DATE_PRESET.THIS_MONTH:
      return [{ ...today, day: 1 }, lastDayOfMonth(today.year, today.month)];
    case DATE_PRESET.LAST_MONTH: {
      const first = shiftDays({ ...today, day: 1 }, -1);
      return [{ ...first, day: 1 }, lastDayOfMonth(first.year, first.month)];
    }
    case DATE_PRESET.THIS_YEAR:
      return [
        { year: today.year, month: 1, day: 1 },
        { year: today.year, month: 12, day: 31 },
      ];
    case DATE_PRESET.LAST_YEAR:
      return [
        { year: today.year - 1, month: 1, day: 1 },
        { year: today.year - 1, month: 12, day: 31 },
      ];
  }
}

/**
 * The instants a preset covers for someone in `timeZone` at `now`: from the start of its first day to the
 * end of its last day, in that zone. An unknown zone falls back to UTC.
 */
export function datePresetRange(preset: DatePreset, now: Date, timeZone?: string | null): DateRange {
  const zone = resolveTimezone(timeZone);
  const local = dayjs(now).tz(zone);
  const today = { year: local.year(), month: local.month() + 1, day: local.date() };
  const [first, last] = daysOf(preset, today);
  return { from: startOfDay(first, zone).toISOString(), to: endOfDay(last, zone).toISOString() };
}
