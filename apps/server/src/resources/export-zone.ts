import { resolveTimezone } from '@crm/domain';

// Dates in exports are the caller's wall time (X-Timezone): ISO 8601 text with the zone's offset in CSV, date
// cells in XLSX. A million date cells must not cost a million zone lookups (Intl or dayjs take tens of
// microseconds each, most of it finding the offset), so the offset is found once per UTC day and cached when the
// day holds no change of offset (its two ends agree); a day with a change is cached per quarter hour (every
// zone's transitions fall on quarter hours). The rest is arithmetic. export-zone.test.ts checks it against dayjs.

const QUARTER_HOUR = 15 * 60_000;
const DAY = 86_400_000;
const MAX_CACHED_OFFSETS = 20_000;
/** Days from 1899-12-30 (the spreadsheet epoch) to 1970-01-01. */
const SPREADSHEET_EPOCH_DAYS = 25_569;

export interface ExportZone {
  /** The zone's canonical name (UTC for an unknown one). */
  readonly name: string;
  /** Milliseconds to add to an instant to read its wall time in the zone with UTC getters. */
  offsetAt(ms: number): number;
  /** '2026-06-01T18:15:00+04:00': the instant as wall time in the zone, with its offset. */
  iso(date: Date): string;
  /** The wall time as a spreadsheet date serial (days since 1899-12-30, the fraction the time of day). */
  serial(date: Date): number;
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

function offsetText(offsetMs: number): string {
  const sign = offsetMs < 0 ? '-' : '+';
  const minutes = Math.abs(Math.round(offsetMs / 60_000));
  return `${sign}${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`;
}

/** Export dates in `timeZone` (unknown zones fall back to UTC, like the rest of the API). */
export function exportZone(timeZone: string | null | undefined): ExportZone {
  const name = resolveTimezone(timeZone);
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: name,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const days = new Map<number, number>();
  const quarters = new Map<number, number>();

  /** The zone's offset at the instant `at` (ms): one Intl call. */
  function offsetOf(at: number): number {
    const field: Record<string, number> = {};
    for (const part of parts.formatToParts(at)) if (part.type !== 'literal') field[part.type] = Number(part.value);
    const wall = Date.UTC(
      field.year ?? 1970,
      (field.month ?? 1) - 1,
      field.day ?? 1,
      field.hour ?? 0,
      field.minute ?? 0,
      field.second ?? 0,
    );
    return wall - (at - (at % 1000));
  }

  const remember = (cache: Map<number, number>, key: number, offset: number) => {
    if (cache.size >= MAX_CACHED_OFFSETS) cache.clear();
    cache.set(key, offset);
    return offset;
  };

  function offsetAt(ms: number): number {
    if (name === 'UTC') return 0;
    const day = Math.floor(ms / DAY);
    const daily = days.get(day);
    if (daily !== undefined) return daily;
    const quarter = Math.floor(ms / QUARTER_HOUR);
    const known = quarters.get(quarter);
    if (known !== undefined) return known;
    const start = offsetOf(day * DAY);
    // The day's last quarter hour: transitions fall on quarter hours, so equal ends mean no change that day.
    if (start === offsetOf((day + 1) * DAY - QUARTER_HOUR)) return remember(days, day, start);
    return remember(quarters, quarter, offsetOf(quarter * QUARTER_HOUR));
  }

  return {
    name,
    offsetAt,
    iso(date) {
      const ms = date.getTime();
      const offset = offsetAt(ms);
      // toISOString of the wall time, without its milliseconds and 'Z', then the offset.
      return `${new Date(ms + offset).toISOString().slice(0, 19)}${offsetText(offset)}`;
    },
    serial(date) {
      const ms = date.getTime();
      return (ms + offsetAt(ms)) / DAY + SPREADSHEET_EPOCH_DAYS;
    },
  };
}
