import { type DatePreset, type DateRange, datePresetRange, isDatePreset, wallTimeToInstant } from '@crm/domain';

// docs/product.md 'Lists': a date filter is a preset (re-evaluated at every request, so 'Today' stays today) or a
// custom range of whole days, both in the caller's zone (packages/domain/src/time/date-presets.ts).

export type DateFilter = { preset: DatePreset } | { from: string; to: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A cached date filter read back: null when unset, undefined when it no longer reads. */
export function parseDateFilter(value: unknown): DateFilter | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object') return undefined;
  const preset: unknown = Reflect.get(value, 'preset');
  if (isDatePreset(preset)) return { preset };
  const from: unknown = Reflect.get(value, 'from');
  const to: unknown = Reflect.get(value, 'to');
  if (typeof from === 'string' && typeof to === 'string' && DAY.test(from) && DAY.test(to)) return { from, to };
  return undefined;
}

/** The day after a 'YYYY-MM-DD' day (calendar arithmetic, no zone involved). */
function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const date = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + 1));
  return date.toISOString().slice(0, 10);
}

/** A custom range of whole days in the user's zone: start of the first day to the last millisecond of the last. */
export function customDayRange(from: string, to: string, timeZone?: string | null): DateRange | null {
  const [first, last] = from <= to ? [from, to] : [to, from];
  const start = wallTimeToInstant(`${first} 00:00:00`, timeZone);
  const after = wallTimeToInstant(`${nextDay(last)} 00:00:00`, timeZone);
  if (!start || !after) return null;
  return { from: start.toISOString(), to: new Date(after.getTime() - 1).toISOString() };
}

export function dateFilterRange(date: DateFilter, now: Date, timeZone?: string | null): DateRange | null {
  return 'preset' in date ? datePresetRange(date.preset, now, timeZone) : customDayRange(date.from, date.to, timeZone);
}
