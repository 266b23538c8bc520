import { z } from 'zod';
import { NewPasswordSchema } from '../auth/auth.schemas.js';
import { MESSAGES } from '../messages/messages.js';
import { PERMISSIONS as P } from '../permissions/permission-codes.js';
import { optionalText, requiredId, UUID_PATTERN } from '../validation/zod-helpers.js';

// Team members' own calls (docs/api.md 'Team members'), beside the generic list/create/update the engine serves:
// their inputs, answers, messages and permissions, shared by the server, the screens and the tests.

/** Who may call what: changing members needs MEMBERS_VIEW (SPEC section 6 has no finer team code). */
export const MEMBER_CALL_PERMISSIONS = {
  update: [P.MEMBERS_VIEW],
  ratings: [P.MEMBERS_VIEW, P.BETTER_AGENT_REPORT_VIEW],
  /** The statistics behind the Brokers, Managers and Offices reports: any of their codes. */
  brokers: [P.BETTER_AGENT_REPORT_VIEW, P.MANAGERS_REPORT_VIEW, P.OFFICEWAR_REPORT_VIEW],
  /** Each report's export: that report's own code, as its screen. */
  brokersExport: [P.BETTER_AGENT_REPORT_VIEW],
  managersExport: [P.MANAGERS_REPORT_VIEW],
  officesExport: [P.OFFICEWAR_REPORT_VIEW],
} as const;

/** The integrations a member sync and the office lists need (IntegrationConfig names). */
export const MEMBER_INTEGRATIONS = { engage: 'Engage', goyzer: 'Goyzer' } as const;
export type MemberIntegration = keyof typeof MEMBER_INTEGRATIONS;

export const MEMBER_LOGIN_LINK = {
  /** How long a sign-in link works (it also stops after its first use). */
  TTL_MINUTES: 60,
  /** The web page a link opens; it proves the token and signs in. */
  PATH: '/auth/member-link',
} as const;

/** The team screens' own pages (the list pages are the side menu's). */
export const TEAM_LINKS = {
  member: (id: string) => `/teams/members/${id}`,
  MEMBER_PAGE: '/teams/members/:id',
} as const;

export const MEMBER_MESSAGES = {
  memberRequired: 'Team member is required.',
  memberNotFound: 'Team member not found',
  noLogin: 'This team member has no login: link a user account first.',
  loginDisabled: 'The user account of this team member is disabled.',
  linkInvalid: 'This sign-in link is invalid, expired or already used.',
  whatsappNumberRequired: 'A WhatsApp number is required to turn WhatsApp on.',
  idsRequired: 'Choose at least one team member.',
  changesRequired: 'Choose at least one change.',
  notInAsset: 'This team member is not in the active asset.',
  reportingCycle: 'This manager reports, directly or through others, to this team member.',
  reportsToSelf: 'A team member cannot report to themselves.',
  departmentNotFound: 'Department not found.',
  groupNotFound: 'Group not found.',
  managerNotFound: 'Manager not found.',
  userNotFound: 'User not found.',
  userTaken: (member: string) => `This user is already the login of ${member} in this asset.`,
  bulkUpdated: (count: number) => `${count} team member${count === 1 ? '' : 's'} updated`,
  passwordUpdated: 'The password has been updated',
  syncStates: {
    queued: 'Waiting to start',
    running: 'Reading from the CRM',
    retrying: 'Retrying after an error',
    completed: 'Done',
    failed: 'Failed',
  } as const,
  syncCounts: (counts: { created: number; updated: number; skipped: number }) =>
    `${counts.updated} updated, ${counts.created} new (disabled until switched on), ${counts.skipped} unchanged or not in the CRM`,
  syncQueued: (provider: string, count: number) =>
    `Sync with ${provider} started for ${count} team member${count === 1 ? '' : 's'}: they are updated when it completes`,
  linkRevoked: 'The sign-in link has been revoked',
} as const;

const memberId = requiredId(MEMBER_MESSAGES.memberRequired, 'Team member');
const nullableId = (label: string) =>
  z
    .string()
    .regex(UUID_PATTERN, { error: MESSAGES.lead.invalidOption(label) })
    .nullable();

/** PATCH bulk-update: the same changes for many members, in one transaction, all or nothing. */
export const MemberBulkChangesSchema = z
  .strictObject({
    enabled: z.boolean().optional(),
    isLeadProcessEnabled: z.boolean().optional(),
    department: nullableId('Department').optional(),
    /** Replaces the members' groups. */
    groups: z
      .array(z.string().regex(UUID_PATTERN, { error: MESSAGES.lead.invalidOption('Group') }))
      .max(100)
      .optional(),
    reportedTo: nullableId('Manager').optional(),
  })
  .refine((changes) => Object.values(changes).some((v) => v !== undefined), { error: MEMBER_MESSAGES.changesRequired });
export type MemberBulkChanges = z.infer<typeof MemberBulkChangesSchema>;

export const MemberBulkUpdateInputSchema = z.strictObject({
  ids: z.array(memberId).min(1, { error: MEMBER_MESSAGES.idsRequired }).max(500),
  changes: MemberBulkChangesSchema,
});
export type MemberBulkUpdateInput = z.infer<typeof MemberBulkUpdateInputSchema>;

export const MEMBER_BULK_FIELDS = ['enabled', 'isLeadProcessEnabled', 'department', 'groups', 'reportedTo'] as const;

/** Per member: what actually changed, and how many open unaccepted leads left them because they left routing. */
export const MemberBulkResultSchema = z.object({
  updated: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      changed: z.array(z.enum(MEMBER_BULK_FIELDS)),
      leadsReassigned: z.number().int(),
    }),
  ),
});
export type MemberBulkResult = z.infer<typeof MemberBulkResultSchema>;

/** POST login-url. */
export const MemberLoginUrlInputSchema = z.strictObject({ member: memberId });
export const MemberLoginUrlSchema = z.object({ member: z.string(), url: z.string(), expiresAt: z.string() });
export type MemberLoginUrl = z.infer<typeof MemberLoginUrlSchema>;
export const MemberLoginUrlRevokeResultSchema = z.object({ member: z.string(), revoked: z.number().int() });
export type MemberLoginUrlRevokeResult = z.infer<typeof MemberLoginUrlRevokeResultSchema>;

/** POST login-url/sign-in (public): the page a link opens proves its token here, once. */
export const MemberLinkSignInInputSchema = z.strictObject({ token: z.string().min(20).max(200) });

/** PATCH {id}/update-password: the company's password policy (NewPasswordSchema) applies. */
export const MemberPasswordInputSchema = z.strictObject({ password: NewPasswordSchema });
export type MemberPasswordInput = z.infer<typeof MemberPasswordInputSchema>;

const whatsappCode = z
  .string()
  .regex(/^\+?\d{1,4}$/, { error: 'The WhatsApp code is invalid.' })
  .nullish()
  .or(z.literal(''));

/** PATCH whatsapp-config/{id}: the member's WhatsApp number and how the website's button behaves. */
export const MemberWhatsappConfigInputSchema = z.strictObject({
  enabled: z.boolean(),
  whatsappCode,
  whatsappNumber: z
    .string()
    .regex(/^\+?[\d\s-]{6,20}$/, { error: 'The WhatsApp number is invalid.' })
    .nullish()
    .or(z.literal('')),
  greeting: optionalText(1000),
});
export type MemberWhatsappConfigInput = z.infer<typeof MemberWhatsappConfigInputSchema>;

/** What whatsappConfig holds (the number itself lives in whatsappCode / whatsappNumber). */
export const MemberWhatsappSettingsSchema = z.object({ enabled: z.boolean(), greeting: z.string().nullable() });
export type MemberWhatsappSettings = z.infer<typeof MemberWhatsappSettingsSchema>;

/** POST sync-multiple-members. */
export const MemberSyncMultipleInputSchema = z.strictObject({
  ids: z.array(memberId).min(1, { error: MEMBER_MESSAGES.idsRequired }).max(500),
});

/** Date range of the statistics (ISO; both optional: all time). */
export const MemberStatisticsQuerySchema = z.object({
  asset: z.string().optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type MemberStatisticsQuery = z.infer<typeof MemberStatisticsQuerySchema>;

const departmentId = z.string().regex(UUID_PATTERN, { error: MESSAGES.lead.invalidOption('Department') });

/**
 * GET statistics/better-agent (and the three reports' exports): the range, test agents left out unless
 * `excludeTestAgents=false` (the screens' 'Exclude Test Agents', Yes by default), one department's members only.
 */
export const BrokerStatisticsQuerySchema = MemberStatisticsQuerySchema.extend({
  excludeTestAgents: z.enum(['true', 'false']).default('true'),
  department: departmentId.optional(),
});
export type BrokerStatisticsQuery = z.input<typeof BrokerStatisticsQuerySchema>;

/** GET ratings/statistics/summary: the range, and one member's ratings only (their page). */
export const RatingSummaryQuerySchema = MemberStatisticsQuerySchema.extend({
  member: z
    .string()
    .regex(UUID_PATTERN, { error: MESSAGES.lead.invalidOption('Team member') })
    .optional(),
});
export type RatingSummaryQuery = z.infer<typeof RatingSummaryQuerySchema>;

/**
 * GET users: the company's users the caller may link to a member (the member form's User), by name or email: only
 * accounts the caller may manage in Admin > Users (user-management.ts), none without it. `include` is answered whatever
 * the search, flagged when it is out of the caller's reach (the member page then offers no action on it).
 */
export const MemberUserOptionsQuerySchema = z.object({
  asset: z.string().optional(),
  // PostgreSQL text holds no NUL: such a search is the caller's mistake (400), not the server's (500).
  search: z
    .string()
    .max(100)
    .refine((text) => !text.includes(String.fromCharCode(0)), { error: 'The search has a character that cannot be searched.' })
    .optional(),
  /** A user to answer whatever the search (the one the form shows). */
  include: z
    .string()
    .regex(UUID_PATTERN, { error: MESSAGES.lead.invalidOption('User') })
    .optional(),
});
export const MEMBER_USER_OPTIONS_LIMIT = 50;
export const MemberUserOptionSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  enabled: z.boolean(),
  /** The member of this asset already linked to the user, if any. */
  member: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** The caller may act on this account (link it, set its password, make its sign-in links). */
  manageable: z.boolean(),
});
export type MemberUserOption = z.infer<typeof MemberUserOptionSchema>;

/**
 * What a member sync answers (sync-now, sync-multiple-members): the CRM's run queued for those members, which
 * sync-status/{provider} and GET teams/members/sync-runs/{runId} follow.
 */
export const MemberSyncResultSchema = z.object({ provider: z.string(), synced: z.number().int(), runId: z.string() });
export type MemberSyncResult = z.infer<typeof MemberSyncResultSchema>;

export const RATING_VALUES = [1, 2, 3, 4, 5] as const;
const RatingStatsSchema = z.object({
  count: z.number().int(),
  /** Mean of the ratings, 2 decimals; null with no ratings. */
  average: z.number().nullable(),
  /** How many ratings of each value, '1' to '5'. */
  distribution: z.record(z.string(), z.number().int()),
});
export type RatingStats = z.infer<typeof RatingStatsSchema>;

/** GET ratings/statistics/summary. */
export const RatingSummarySchema = z.object({
  overall: RatingStatsSchema,
  members: z.array(
    RatingStatsSchema.extend({ member: z.object({ _id: z.string(), name: z.string(), officeName: z.string().nullable() }) }),
  ),
  offices: z.array(RatingStatsSchema.extend({ officeName: z.string() })),
});
export type RatingSummary = z.infer<typeof RatingSummarySchema>;

/** Offices answered by an integration (GET offices/engage|goyzer/{asset}). */
export const IntegrationOfficesSchema = z.array(z.object({ id: z.string(), name: z.string() }));
export type IntegrationOffices = z.infer<typeof IntegrationOfficesSchema>;

/** The rounding of averages: 2 decimals (SPEC section 9). */
export function roundTwo(value: number): number {
  return Math.round(value * 100) / 100;
}

/** count, average and distribution from how many ratings each value (1-5) got. */
export function ratingStats(countsByValue: ReadonlyMap<number, number>): RatingStats {
  const distribution: Record<string, number> = Object.fromEntries(RATING_VALUES.map((v) => [String(v), countsByValue.get(v) ?? 0]));
  let count = 0;
  let sum = 0;
  for (const [value, n] of countsByValue) {
    count += n;
    sum += value * n;
  }
  return { count, average: count ? roundTwo(sum / count) : null, distribution };
}

/** GET statistics/better-agent: the Brokers report, one row per member over the range (by assignment time). */
export const BrokerStatisticsSchema = z.object({
  agents: z.array(
    z.object({
      member: z.object({
        _id: z.string(),
        name: z.string(),
        officeName: z.string().nullable(),
        enabled: z.boolean(),
        isTest: z.boolean(),
        /** Their manager (the member they report to), for the Managers report. */
        reportedTo: z.string().nullable(),
      }),
      /** Leads given to them in the range (every assignment, automatic, manual, claimed or escalated to them). */
      leadsAssigned: z.number().int(),
      leadsAccepted: z.number().int(),
      claimedFromPool: z.number().int(),
      /** Leads of theirs that lapsed past the pool to a manager. */
      escalated: z.number().int(),
      /** Leads that lapsed past the pool to them (a manager's escalations). */
      escalatedToThem: z.number().int(),
      /** Minutes from assignment to acceptance, mean, 2 decimals; null when none accepted. */
      averageResponseTime: z.number().nullable(),
      /** The response times behind that mean, and their sum in minutes (so teams add up to their true mean). */
      responseTimeCount: z.number().int(),
      responseTimeTotal: z.number(),
      ratingAverage: z.number().nullable(),
      ratingCount: z.number().int(),
      /** Their deals closed won in the range (by closing date), and those deals' value in minor units. */
      dealsWon: z.number().int(),
      dealsWonValue: z.number(),
    }),
  ),
});
export type BrokerStatistics = z.infer<typeof BrokerStatisticsSchema>;
