import { z } from 'zod';
import { defineCall, defineCalls } from '../calls/define-call.js';
import { UUID_PATTERN } from '../validation/zod-helpers.js';
import { ACTIVITY_BUCKETS, ACTIVITY_SCOPES } from './activity-buckets.js';
import { activityContract } from './activity.contract.js';

// The activities' calls beyond the generic resource (docs/api.md 'Activities'): the task buckets of the Activities
// screen and Home, in the asset's day. The list behind each count is the generic `activities` list.

const IsoDateTime = z.iso.datetime({ offset: true });
/** Any uuid shape (rows imported from elsewhere need not carry an RFC version). */
const Id = z.string().regex(UUID_PATTERN);

export const ACTIVITY_CALL_MESSAGES = {
  noTeam: 'You have no team to see: no member reports to you.',
  notInTeam: 'This agent is not in your team.',
} as const;

export const ActivityBucketsQuerySchema = z.strictObject({
  scope: z.enum(ACTIVITY_SCOPES).default('mine'),
  /** One member of the team (scope team only). */
  agent: z.string().regex(UUID_PATTERN, { error: ACTIVITY_CALL_MESSAGES.notInTeam }).optional(),
});
export type ActivityBucketsQuery = z.infer<typeof ActivityBucketsQuerySchema>;

/** A bucket's count and the Activities screen listing exactly those tasks. */
export const ActivityBucketCountSchema = z.object({ count: z.number().int().nonnegative(), link: z.string() });

export const ActivityBucketsSchema = z.object({
  scope: z.enum(ACTIVITY_SCOPES),
  asOf: IsoDateTime,
  /** The asset's zone: 'today' is its day. */
  timezone: z.string(),
  today: z.object({ from: IsoDateTime, to: IsoDateTime }),
  /** The caller's team member in the asset (null: none, so 'mine' is empty). */
  member: z.object({ _id: Id, name: z.string() }).nullable(),
  /** Whose tasks 'team' shows: the members reporting to the caller, the whole asset (LEAD_SETTING_VIEW), or none. */
  team: z.enum(['reports', 'asset']).nullable(),
  /** The agents counted (every member of the asset: null). The list's agent condition. */
  agents: z.array(z.object({ _id: Id, name: z.string() })).nullable(),
  counts: z.object(
    Object.fromEntries(ACTIVITY_BUCKETS.map((bucket) => [bucket, ActivityBucketCountSchema])) as Record<
      (typeof ACTIVITY_BUCKETS)[number],
      typeof ActivityBucketCountSchema
    >,
  ),
});
export type ActivityBuckets = z.infer<typeof ActivityBucketsSchema>;

const buckets = defineCall({
  tag: 'activities',
  scope: 'asset',
  operationId: 'activities.buckets',
  summary: "Tasks overdue, due today, upcoming and done today (the asset's day), the caller's or their team's",
  access: activityContract.permissions.read,
  kind: 'query',
  input: ActivityBucketsQuerySchema,
  output: ActivityBucketsSchema,
  rest: { method: 'GET', path: '/api/activities/buckets', envelope: 'data' },
});

export const activityCalls = defineCalls('activities', { buckets });
