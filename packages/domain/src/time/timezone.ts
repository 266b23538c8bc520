import { toDate, type DateInput } from './date-value.js';
import { dayjs } from './dayjs.js';

export const DEFAULT_TIMEZONE = 'UTC';

/**
 * docs/api.md 'Headers': the caller's X-Timezone names an IANA zone; an unknown or empty one falls back to UTC
 * rather than failing. Answers the zone as the runtime canonicalises it.
 */
export function resolveTimezone(name: string | null | undefined): string {
  const candidate = name?.trim();
  if (!candidate) return DEFAULT_TIMEZONE;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: candidate }).resolvedOptions().timeZone;
  } catch {
    return DEFAULT_TIMEZONE;
  }
}

/** Formats an instant as wall time in a zone (dayjs format tokens); '' for a missing date. */
export function formatInZone(value: DateInput, format: string, timeZone?: string | null): string {
  const date = toDate(value);
  if (!date) return '';
  return dayjs(date).tz(resolveTimezone(timeZone)).format(format);
}

/** Reads a wall time ('YYYY-MM-DD HH:mm:ss', the SLA pickers' format) in a zone as an instant. */
export function wallTimeToInstant(wallTime: string, timeZone?: string | null): Date | undefined {
  const parsed = dayjs.tz(wallTime, resolveTimezone(timeZone));
  return parsed.isValid() ? parsed.toDate() : undefined;
}
