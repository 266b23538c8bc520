import { z } from 'zod';

// One timeline per lead, customer and deal (docs/product.md 'Activities', docs/api.md 'Timelines'): everything that
// happened to it, newest first, each entry with who and when, a page at a time by an opaque cursor.

export const TIMELINE_KINDS = ['activity', 'stage', 'assignment', 'pool', 'sla', 'conversation', 'viewing', 'document', 'deal'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** What the screen says of each kind: the kind is text, never colour alone. */
export const TIMELINE_KIND_LABELS: Record<TimelineKind, string> = {
  activity: 'Activity',
  stage: 'Stage',
  assignment: 'Assignment',
  pool: 'Lead pool',
  sla: 'SLA',
  conversation: 'Conversation',
  viewing: 'Viewing',
  document: 'Document',
  deal: 'Deal',
};

export const TIMELINE_PAGE = { DEFAULT: 25, MAX: 100 } as const;

export const TIMELINE_MESSAGES = {
  limit: `Limit must be a whole number from 1 to ${TIMELINE_PAGE.MAX}.`,
  cursor: 'This cursor is not valid: load the timeline again from its first page.',
  empty: 'Nothing has happened here yet.',
  loadMore: 'Load more',
  logActivity: 'Log activity',
  activityLogged: 'Activity logged.',
  system: 'System',
  formerUser: 'A former user',
  leadNotFound: 'Lead not found.',
  customerNotFound: 'Customer not found.',
  dealNotFound: 'Deal not found.',
  activity: (type: string, subject: string) => `${type}: ${subject}`,
  stage: (stage: string, status: string) => `Stage changed to ${stage}${status && status !== stage ? ` (${status})` : ''}`,
  assigned: (agent: string) => `Assigned to ${agent}`,
  assignedFromParent: (agent: string) => `Assigned to ${agent}, the agent of the customer's open lead`,
  enteredPool: 'Entered the lead pool',
  poolClaim: (agent: string) => `Claimed from the lead pool by ${agent}`,
  slaEscalated: (manager: string) => `The lead pool's SLA ran out: escalated to ${manager}`,
  messageIn: (channel: string) => `${channel} message from the customer`,
  messageOut: (channel: string) => `${channel} message to the customer`,
  viewing: (status: string, when: string) => `Viewing ${status}: ${when}`,
  envelope: (subject: string, status: string) => `Sent for signature: ${subject} (${status})`,
  documentsChanged: (added: readonly string[], removed: readonly string[]) =>
    [added.length ? `Documents added: ${added.join(', ')}` : '', removed.length ? `Documents removed: ${removed.join(', ')}` : '']
      .filter(Boolean)
      .join('; '),
  dealOpened: (stage: string) => `Deal opened at ${stage}`,
  dealMoved: (from: string, to: string) => `Deal moved from ${from} to ${to}`,
} as const;
const M = TIMELINE_MESSAGES;

/** Who did it: a user, or null for the system (routing, the SLA clock, a provider's message). */
export const TimelineActorSchema = z.object({ id: z.string(), name: z.string() }).nullable();

/** Where the entry's thing is shown: a screen's path, or an outside address (a document's file). */
export const TimelineLinkSchema = z.object({ label: z.string(), href: z.string() });

export const TimelineEntrySchema = z.object({
  /** Unique across kinds (`<source>:<row id>`): the page's tie-break after `at`. */
  id: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  at: z.iso.datetime(),
  by: TimelineActorSchema,
  title: z.string(),
  detail: z.string().optional(),
  link: TimelineLinkSchema.optional(),
});
export type TimelineEntry = z.infer<typeof TimelineEntrySchema>;

/** A page's query: its size (25 unless told, at most 100) and the cursor of the page before's last entry. */
export const TimelinePageQuerySchema = z.strictObject({
  limit: z.coerce.number({ error: M.limit }).int(M.limit).min(1, M.limit).max(TIMELINE_PAGE.MAX, M.limit).default(TIMELINE_PAGE.DEFAULT),
  cursor: z
    .string()
    .max(300, M.cursor)
    .regex(/^[A-Za-z0-9_-]+$/, M.cursor)
    .optional(),
});
export type TimelinePageQuery = z.infer<typeof TimelinePageQuerySchema>;

/** The call's input: the record and its page; tRPC's infinite queries also say which way they page (only forward). */
export const TimelineInputSchema = TimelinePageQuerySchema.extend({
  id: z.string().max(100),
  direction: z.enum(['forward', 'backward']).optional(),
});
export type TimelineInput = z.infer<typeof TimelineInputSchema>;

export const TimelinePageSchema = z.object({
  data: z.array(TimelineEntrySchema),
  meta: z.object({ nextCursor: z.string().nullable() }),
});
export type TimelinePage = z.infer<typeof TimelinePageSchema>;
