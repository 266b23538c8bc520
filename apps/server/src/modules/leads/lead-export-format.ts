import { resolveTimezone } from '@crm/domain';

// The report's Created At cell (LEADS_REPORT_DATE_FORMAT, 'MMM D, YYYY, h:mm A') for a hundred thousand rows:
// dayjs' zone formatting costs tens of microseconds a call, most of it finding the zone's offset. The offset
// is found once per quarter hour of time (every zone's transitions fall on quarter hours) and cached; the rest
// is arithmetic. lead-export-format.test.ts checks it against the domain's formatInZone.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const QUARTER_HOUR = 15 * 60_000;
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
  const offsets = new Map<number, number>();

  /** Milliseconds to add to an instant to read its wall time in the zone with UTC getters. */
  function offsetAt(ms: number): number {
    const bucket = Math.floor(ms / QUARTER_HOUR);
    const known = offsets.get(bucket);
    if (known !== undefined) return known;
    const at = bucket * QUARTER_HOUR;
    const field: Record<string, number> = {};
    for (const part of parts.formatToParts(at)) if (part.type !== 'literal') field[part.type] = Number(part.value);
    const wall = Date.UTC(field.year ?? 1970, (field.month ?? 1) - 1, field.day ?? 1, field.hour ?? 0, field.minute ?? 0, field.second ?? 0);
    const offset = wall - at;
    if (offsets.size >= MAX_CACHED_OFFSETS) offsets.clear();
    offsets.set(bucket, offset);
    return offset;
  }

  return (date) => {
    const ms = date.getTime();
    const wall = new Date(ms + offsetAt(ms));
    const hour = wall.getUTCHours();
    const minute = wall.getUTCMinutes();
    return `${MONTHS[wall.getUTCMonth()]} ${wall.getUTCDate()}, ${wall.getUTCFullYear()}, ${hour % 12 || 12}:${minute < 10 ? '0' : ''}${minute} ${hour < 12 ? 'AM' : 'PM'}`;
  };
}
