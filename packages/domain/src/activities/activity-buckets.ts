import { z } from 'zod';
import type { ContractQuery } from '../resources/contract.js';
import { datePresetRange, DATE_PRESET } from '../time/date-presets.js';
import { dayjs } from '../time/dayjs.js';
import { resolveTimezone } from '../time/timezone.js';
import { UUID_PATTERN } from '../validation/zod-helpers.js';
import { ACTIVITY_TYPES, type activityContract } from './activity.contract.js';

// The Activities screen's tasks (docs/product.md 'Activities'): a task is an activity with a due time. Its bucket is
// told by the asset's day: overdue (not done, due before now), due today (not done, due from now to the day's end),
// upcoming (not done, due after today), done today. The counts (activities.buckets) and the list compile the same
// conditions (activityBucketQuery), so a chip's count is the total of the list it opens.

export const ACTIVITY_BUCKETS = ['overdue', 'dueToday', 'upcoming', 'done'] as const;
export type ActivityBucket = (typeof ACTIVITY_BUCKETS)[number];
export const ACTIVITY_BUCKET_LABELS: Record<ActivityBucket, string> = {
  overdue: 'Overdue',
  dueToday: 'Due today',
  upcoming: 'Upcoming',
  done: 'Done today',
};

/** My tasks (the caller's team member is the agent) or the team's (the members reporting to the caller, or the asset). */
export const ACTIVITY_SCOPES = ['mine', 'team'] as const;
export type ActivityScope = (typeof ACTIVITY_SCOPES)[number];

/** The instants a bucket is told by: now, and the asset's today (both ends inclusive). */
export interface ActivityDay {
  now: string;
  from: string;
  to: string;
}

/** Today in the asset's zone at `now`. */
export function activityDayOf(now: Date, timeZone: string): ActivityDay {
  const today = datePresetRange(DATE_PRESET.TODAY, now, timeZone);
  return { now: now.toISOString(), ...today };
}

type ActivityQuery = ContractQuery<typeof activityContract>;

/** The list conditions of a bucket (beside the asset and soft delete every list adds). */
export function activityBucketQuery(bucket: ActivityBucket, day: ActivityDay): ActivityQuery {
  switch (bucket) {
    case 'overdue':
      return { doneAt: null, dueAt: { $lt: day.now } };
    case 'dueToday':
      return { doneAt: null, dueAt: { $gte: day.now, $lte: day.to } };
    case 'upcoming':
      return { doneAt: null, dueAt: { $gt: day.to } };
    case 'done':
      return { dueAt: { $ne: null }, doneAt: { $gte: day.from, $lte: day.to } };
  }
}

/** Whether a row is overdue at `now` (told in text on the screen, never by colour alone). */
export function isActivityOverdue(row: { dueAt?: string | null; doneAt?: string | null }, now: Date): boolean {
  return !row.doneAt && Boolean(row.dueAt) && Date.parse(String(row.dueAt)) < now.getTime();
}

/** The week view's seven days (Monday to Sunday in the asset's zone) around a day ('YYYY-MM-DD'), and its neighbours. */
export interface ActivityWeek {
  /** The Monday, 'YYYY-MM-DD'. */
  start: string;
  from: string;
  to: string;
  days: { date: string; from: string; to: string }[];
  previous: string;
  next: string;
}

export function activityWeekOf(day: string | null, now: Date, timeZone: string): ActivityWeek {
  const zone = resolveTimezone(timeZone);
  const local = day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? dayjs.tz(`${day} 12:00:00`, zone) : dayjs(now).tz(zone);
  // dayjs counts Sunday as 0; the week starts on Monday.
  const monday = local.subtract((local.day() + 6) % 7, 'day').format('YYYY-MM-DD');
  const dayAt = (offset: number) => dayjs.tz(`${monday} 12:00:00`, zone).add(offset, 'day').format('YYYY-MM-DD');
  const startOf = (date: string) => dayjs.tz(`${date} 00:00:00`, zone).toDate();
  const days = Array.from({ length: 7 }, (_, offset) => {
    const date = dayAt(offset);
    return { date, from: startOf(date).toISOString(), to: new Date(startOf(dayAt(offset + 1)).getTime() - 1).toISOString() };
  });
  const to = new Date(startOf(dayAt(7)).getTime() - 1).toISOString();
  return { start: monday, from: startOf(monday).toISOString(), to, days, previous: dayAt(-7), next: dayAt(7) };
}

/** What the Activities screen's URL holds (docs/product.md 'Activities'), so Home's links open the right bucket. */
export const ActivitiesViewSchema = z.strictObject({
  scope: z.enum(ACTIVITY_SCOPES).optional(),
  bucket: z.enum(ACTIVITY_BUCKETS).optional(),
  view: z.enum(['list', 'week']).optional(),
  /** The week view's week: any day of it, 'YYYY-MM-DD'. */
  week: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  agent: z.string().regex(UUID_PATTERN).optional(),
  type: z.enum(ACTIVITY_TYPES).optional(),
  done: z.enum(['yes', 'no']).optional(),
  lead: z.string().regex(UUID_PATTERN).optional(),
  customer: z.string().regex(UUID_PATTERN).optional(),
  deal: z.string().regex(UUID_PATTERN).optional(),
});
export type ActivitiesView = z.infer<typeof ActivitiesViewSchema>;

export const ACTIVITIES_PATH = '/reports/activities';

/** The Activities screen showing a view; `refresh` so no cached filter of an earlier visit narrows it. */
export function activitiesLink(view: ActivitiesView): string {
  const params = new URLSearchParams({ refresh: '1' });
  for (const [key, value] of Object.entries(view)) if (value) params.set(key, value);
  return `${ACTIVITIES_PATH}?${params.toString()}`;
}

/** The view an Activities URL names; what does not read is left out. */
export function activitiesViewOf(params: URLSearchParams): ActivitiesView {
  const view: Record<string, string> = {};
  for (const key of Object.keys(ActivitiesViewSchema.shape)) {
    const value = params.get(key);
    if (value === null) continue;
    const one = ActivitiesViewSchema.shape[key as keyof ActivitiesView].safeParse(value);
    if (one.success && one.data) view[key] = one.data;
  }
  return ActivitiesViewSchema.parse(view);
}
