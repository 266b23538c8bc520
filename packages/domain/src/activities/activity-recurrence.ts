import { dayjs } from '../time/dayjs.js';
import { resolveTimezone } from '../time/timezone.js';

// Recurring tasks (docs/product.md 'Activities'): a task due daily, weekly or monthly, optionally until a date. When an
// occurrence is marked done the server creates the next one, its due time one interval later on the asset's calendar.

export const ACTIVITY_RECURRENCES = ['daily', 'weekly', 'monthly'] as const;
export type ActivityRecurrence = (typeof ACTIVITY_RECURRENCES)[number];
export const ACTIVITY_RECURRENCE_LABELS: Record<ActivityRecurrence, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

export const RECURRENCE_MESSAGES = {
  tasksOnly: 'Only a task can repeat.',
  needsDue: 'A repeating task needs a due time.',
  untilNeedsRecurrence: 'Choose how the task repeats before its end date.',
  untilBeforeDue: 'The end date cannot be before the due time.',
} as const;

/** What the rules read: the activity as it will be stored (a PATCH merged over the stored row). */
export interface RecurrenceFacts {
  type?: string | null | undefined;
  dueAt?: string | Date | null | undefined;
  recurrence?: string | null | undefined;
  recurrenceUntil?: string | Date | null | undefined;
}

const time = (value: string | Date | null | undefined) => (value ? new Date(value).getTime() : null);

/** The recurrence's problems, by field (empty when none): only a task repeats, from a due time, until no earlier. */
export function recurrenceIssues(value: RecurrenceFacts): Partial<Record<'recurrence' | 'recurrenceUntil', string>> {
  const issues: Partial<Record<'recurrence' | 'recurrenceUntil', string>> = {};
  if (value.recurrence) {
    if (value.type !== 'task') issues.recurrence = RECURRENCE_MESSAGES.tasksOnly;
    else if (!value.dueAt) issues.recurrence = RECURRENCE_MESSAGES.needsDue;
  }
  const until = time(value.recurrenceUntil);
  const due = time(value.dueAt);
  if (until !== null && !value.recurrence) issues.recurrenceUntil = RECURRENCE_MESSAGES.untilNeedsRecurrence;
  else if (until !== null && due !== null && until < due) issues.recurrenceUntil = RECURRENCE_MESSAGES.untilBeforeDue;
  return issues;
}

const WALL_TIME = 'HH:mm:ss.SSS';
const daysInMonth = (year: number, month0: number) => new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();

/**
 * The next occurrence's due time: one day, one week or one month after `due`, as wall time in the asset's zone (so
 * 9:00 stays 9:00 across a daylight saving change). Monthly keeps the series' day of month (`anchorDay`, the first
 * occurrence's), clamped to the month's end: Jan 31 -> Feb 28 (29) -> Mar 31.
 */
export function nextOccurrenceDue(due: Date, recurrence: ActivityRecurrence, anchorDay: number, timeZone: string | null | undefined): Date {
  const zone = resolveTimezone(timeZone);
  const wall = dayjs(due).tz(zone);
  const [year, month0, day] = [wall.year(), wall.month(), wall.date()];
  let next: Date;
  if (recurrence === 'monthly') {
    const [y, m] = month0 === 11 ? [year + 1, 0] : [year, month0 + 1];
    next = new Date(Date.UTC(y, m, Math.min(anchorDay, daysInMonth(y, m))));
  } else next = new Date(Date.UTC(year, month0, day + (recurrence === 'weekly' ? 7 : 1)));
  const date = dayjs.utc(next).format('YYYY-MM-DD');
  return dayjs.tz(`${date} ${wall.format(WALL_TIME)}`, zone).toDate();
}

/** The day of month of an instant in the asset's zone (a monthly series' anchor). */
export function dayOfMonthIn(at: Date, timeZone: string | null | undefined): number {
  return dayjs(at).tz(resolveTimezone(timeZone)).date();
}
