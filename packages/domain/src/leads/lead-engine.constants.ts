import { PERMISSIONS, type PermissionCode } from '../permissions/permission-codes.js';
import { LEAD_STAGES } from './lead-enums.js';

// docs/leads.md: the names the lead engine stores and answers (assignment reasons, SLA phases, job statuses),
// and its own messages. The browser reads the same names when it shows a lead's activity.

/** LeadAssignment.reason: why the lead changed owner (the demo seed writes the same values). */
export const LEAD_ASSIGNMENT_REASON = {
  AUTO: 'auto',
  MANUAL: 'manual',
  PARENT: 'parent',
  POOL_CLAIM: 'pool_claim',
  POOL_EXPIRED: 'pool_expired',
} as const;
export type LeadAssignmentReason = (typeof LEAD_ASSIGNMENT_REASON)[keyof typeof LEAD_ASSIGNMENT_REASON];

/** The two clocks of a lead: the agent's initial SLA, then the lead pool's. */
export const LEAD_SLA_PHASE = { INITIAL: 'initial', POOL: 'pool' } as const;
export const LEAD_SLA_PHASES = ['initial', 'pool'] as const;
export type LeadSlaPhase = (typeof LEAD_SLA_PHASES)[number];

/** A per-asset sequence as the lead's public id: 42 -> 'L-000042'. */
export function formatLeadId(sequence: number): string {
  return `L-${String(sequence).padStart(6, '0')}`;
}

/** Sources offered even before any lead used them (GET v2/source adds those in use). */
export const LEAD_DEFAULT_SOURCES = [
  'Bayut',
  'Dubizzle',
  'Email',
  'Facebook',
  'Google Ads',
  'Instagram',
  'Phone',
  'Property Finder',
  'Referral',
  'Walk In',
  'Website',
  'WhatsApp',
] as const;

/** GET budget for a listing: its price as the top of the range, this share of it as the bottom. */
export const LISTING_BUDGET_MIN_RATIO = 0.9;

/** The stages the sales funnel follows, in order; other stages are reported beside them. */
export const LEAD_FUNNEL_STAGES = ['New', 'Qualified', 'Viewing', 'Offer', 'Reserved', 'Deal'] as const;
/** Every stage the server knows, funnel first (GET stages answers these plus any stage in use). */
export const LEAD_KNOWN_STAGES: readonly string[] = [...new Set<string>([...LEAD_FUNNEL_STAGES, ...LEAD_STAGES])];

/** A background job's visible status (JobRun.status). */
export const LEAD_JOB_STATUS = { QUEUED: 'queued', RUNNING: 'running', COMPLETED: 'completed', FAILED: 'failed' } as const;
export type LeadJobStatus = (typeof LEAD_JOB_STATUS)[keyof typeof LEAD_JOB_STATUS];

/** JobRun.kind of the lead sync calls. */
export const LEAD_SYNC_KIND = {
  ONE: 'lead-sync-one',
  MULTIPLE: 'lead-sync-multiple',
  AGENT: 'lead-sync-agent',
} as const;
export type LeadSyncKind = (typeof LEAD_SYNC_KIND)[keyof typeof LEAD_SYNC_KIND];
export const LEAD_SYNC_KINDS = Object.values(LEAD_SYNC_KIND) as LeadSyncKind[];

/** The most leads one sync-multiple-leads call may name. */
export const MAX_SYNC_LEADS = 500;

/** The activity kinds of GET {id}/history. */
export const LEAD_ACTIVITY_KIND = { ASSIGNMENT: 'assignment', STAGE: 'stage', REVIEW: 'review' } as const;
export const LEAD_ACTIVITY_KINDS = ['assignment', 'stage', 'review'] as const;
export type LeadActivityKind = (typeof LEAD_ACTIVITY_KINDS)[number];

/** Exports one user may have waiting or running at once (a fair share of the export workers). */
export const LEAD_EXPORT_JOBS_PER_USER = 2;

export const LEAD_ENGINE_MESSAGES = {
  tooManyExports: (max: number) => `You already have ${max} exports on their way: wait for one to finish before asking for another.`,
  fieldLocked: (label: string) => `${label} cannot be changed once set.`,
  quotaReached: (agentName: string, quota: number) => `${agentName} has reached the daily lead quota of ${quota}.`,
  alreadyClaimed: 'This lead has already been claimed or is no longer in the lead pool.',
  notEligibleToClaim: 'Only an enabled agent of this asset with lead processing on can claim pool leads.',
  onlyAssignedAgentAccepts: 'Only the assigned agent can accept this lead.',
  alreadyAccepted: 'This lead has already been accepted.',
  inPoolClaimFirst: 'This lead is in the lead pool: claim it to work on it.',
  leadClosed: 'This lead is closed.',
  slaPermission: 'You do not have permission to set the SLA dates manually.',
  noTeamMember: 'You are not a team member of this asset.',
  noSyncProvider: 'No lead sync provider is configured for this asset.',
  syncProviderUnavailable: (name: string) => `The lead sync provider '${name}' is configured but not available in this release.`,
  jobNotFound: 'Job not found',
  agentNotFound: 'Agent not found',
  queueUnavailable: 'The job queue is unavailable, please try again later.',
} as const;

const P = PERMISSIONS;
/** Who may call what on /properties/leads (any one of the codes). */
export const LEAD_CALL_PERMISSIONS = {
  create: [P.LEAD_ADD],
  update: [P.LEAD_UPDATE],
  /** POST chekinio creates or updates: it needs both (all of them). */
  upsert: [P.LEAD_ADD, P.LEAD_UPDATE],
  read: [P.LEADS_REPORT_VIEW, P.LEAD_UPDATE],
  /** The lead form's lookups (initial agent, budget, SLA preview, stages, sources). */
  form: [P.LEAD_ADD, P.LEAD_UPDATE, P.LEADS_REPORT_VIEW],
  offices: [P.BETTER_AGENT_REPORT_VIEW, P.OFFICEWAR_REPORT_VIEW, P.LEADS_REPORT_VIEW],
} as const satisfies Record<string, readonly PermissionCode[]>;
