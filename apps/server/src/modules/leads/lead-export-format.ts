import { resolveTimezone } from '@crm/domain';

// The report's Created At cell (LEADS_REPORT_DATE_FORMAT, 'MMM D, YYYY, h:mm A') for a hundred thousand rows:
// dayjs' zone formatting costs tens of microseconds a call, most of it finding the zone's offset. The offset
// is found once per UTC day and cached when the day holds no change of offset (its two ends agree); a day with
// a change is cached per quarter hour (every zone's transitions fall on quarter hours). The rest is
// arithmetic. lead-export-format.test.ts checks it against the domain's formatInZone.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const QUARTER_HOUR = 15 * 60_000;
const DAY = 86_400_000;
const MAX_CACHED_OFFSETS = 20_000;

export type DateCellFormatter = (date: Date) => string;

/** A formatter of instants as the report's date text, in `timeZone` (unknown zones fall back to UTC). */
export function reportDateFormatter(timeZone: string | null | undefined): DateCellFormatter {
  const zone = resolveTimezone(timeZone);
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  /** Offsets of whole UTC days without a change, and of quarter hours of days with one. */
  const days = new Map<number, number>();

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
    return wall - at;
  }

  const quarters = new Map<number, number>();
  const remember = (cache: Map<number, number>, key: number, offset: number) => {
    if (cache.size >= MAX_CACHED_OFFSETS) cache.clear();
    cache.set(key, offset);
    return offset;
  };

  /** Milliseconds to add to an instant to read its wall time in the zone with UTC getters. */
  function offsetAt(ms: number): number {
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

  return (date) => {
    const ms = date.getTime();
    const wall = new Date(ms + offsetAt(ms));
    const hour = wall.getUTCHours();
    const minute = wall.getUTCMinutes();
    return `${MONTHS[wall.getUTCMonth()]} ${wall.getUTCDate()}, ${wall.getUTCFullYear()}, ${hour % 12 || 12}:${minute < 10 ? '0' : ''}${minute} ${hour < 12 ? 'AM' : 'PM'}`;
  };
}
