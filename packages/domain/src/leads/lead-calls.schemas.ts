import { z } from 'zod';
import { CUSTOMER_TYPES } from '../customers/customer-enums.js';
import { listResponseSchema } from '../list/list-response.schema.js';
import { recordWith } from '../resources/contract.js';
import { JsonValueSchema } from '../resources/fields.js';
import { DATE_PRESETS } from '../time/date-presets.js';
import { UUID_PATTERN } from '../validation/zod-helpers.js';
import { LEAD_ACTIVITY_KINDS, LEAD_KNOWN_STAGES, MAX_SYNC_LEADS } from './lead-engine.constants.js';
import { LEAD_STATUSES, LEAD_TYPES } from './lead-enums.js';
import { leadContract } from './lead.contract.js';
import { LeadUpdatePayloadSchema } from './lead-payload.js';

// Lead calls (docs/api.md 'Other calls'): the inputs and answers of the lead calls other than create/update (those use
// LeadPayloadSchema / LeadUpdatePayloadSchema). REST query strings and tRPC inputs parse with these.

const id = (label: string) => z.string().regex(UUID_PATTERN, { error: `${label} is invalid.` });
/** Query strings: '' means absent (the browser sends empty params). */
const optionalQueryId = (label: string) => z.preprocess((v) => (v === '' || v === null ? undefined : v), id(label).optional());
const optionalQueryText = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(200).optional());
const queryBoolean = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v === '' ? undefined : v), z.boolean().optional());

export const LeadAssetQuerySchema = z.object({ asset: optionalQueryId('Asset') });

/** GET initial-agent: who would get a lead with these values (docs/leads.md 'Who gets a new lead'). */
export const InitialAgentQuerySchema = z.object({
  asset: optionalQueryId('Asset'),
  listing: optionalQueryId('Listing'),
  project: optionalQueryId('Project'),
  agent: optionalQueryId('Agent'),
  customer: optionalQueryId('Customer'),
  leadType: z.preprocess((v) => (v === '' ? undefined : v), z.enum(LEAD_TYPES).optional()),
  stage: optionalQueryText,
  action: optionalQueryText,
  parentId: optionalQueryId('Parent Lead'),
  customerType: z.preprocess((v) => (v === '' ? undefined : v), z.enum(CUSTOMER_TYPES).optional()),
});
export type InitialAgentQuery = z.infer<typeof InitialAgentQuerySchema>;

export const LeadAgentRefSchema = z.object({ _id: z.string(), name: z.string() });
export type LeadAgentRef = z.infer<typeof LeadAgentRefSchema>;

export const InitialAgentResultSchema = z.object({
  agent: LeadAgentRefSchema.nullable(),
  parent: z.object({ _id: z.string(), leadID: z.string(), agent: LeadAgentRefSchema.nullable() }).nullable(),
  limitsWarning: z.string().nullable(),
});
export type InitialAgentResult = z.infer<typeof InitialAgentResultSchema>;

/** GET budget: the listing's or the project's price range. */
export const BudgetQuerySchema = z.object({
  asset: optionalQueryId('Asset'),
  listing: optionalQueryId('Listing'),
  project: optionalQueryId('Project'),
});
export type BudgetQuery = z.infer<typeof BudgetQuerySchema>;
export const BudgetResultSchema = z.object({ minBudget: z.number().nullable(), maxBudget: z.number().nullable() });
export type BudgetResult = z.infer<typeof BudgetResultSchema>;

const optionalBodyId = (label: string) => id(label).nullish().or(z.literal(''));

/** POST lead-pool-sla: the SLA dates a lead would get (docs/leads.md 'SLA'). */
export const LeadPoolSlaInputSchema = z.strictObject({
  asset: optionalBodyId('Asset'),
  lead: optionalBodyId('Lead'),
  agent: optionalBodyId('Agent'),
  sendToPool: z.boolean().default(false),
  stage: z.string().max(100).nullish(),
  action: z.string().max(100).nullish(),
  parentId: optionalBodyId('Parent Lead'),
  customerType: z.enum(CUSTOMER_TYPES).nullish(),
  isManualAssignment: z.boolean().optional(),
});
export type LeadPoolSlaInput = z.infer<typeof LeadPoolSlaInputSchema>;
export const LeadPoolSlaResultSchema = z.object({
  initialSlaEndDate: z.string().nullable(),
  freePoolSlaEndDate: z.string().nullable(),
  limitsWarning: z.string().nullable(),
});
export type LeadPoolSlaResult = z.infer<typeof LeadPoolSlaResultSchema>;

/** PATCH stage/{id}. */
export const LeadStageInputSchema = z.strictObject({
  stage: z.string({ error: 'Stage is required.' }).refine((v) => LEAD_KNOWN_STAGES.includes(v), { error: 'Stage is invalid.' }),
  status: z.enum(LEAD_STATUSES, { error: 'Status is invalid.' }),
});
export type LeadStageInput = z.infer<typeof LeadStageInputSchema>;

/** GET sales-funnel/report: a preset (in the caller's zone) or an explicit range of dataSourceCreatedAt. */
export const SalesFunnelQuerySchema = z.object({
  asset: optionalQueryId('Asset'),
  preset: z.preprocess((v) => (v === '' ? undefined : v), z.enum(DATE_PRESETS as [string, ...string[]]).optional()),
  from: z.preprocess((v) => (v === '' ? undefined : v), z.iso.datetime({ offset: true, error: 'From is not a date.' }).optional()),
  to: z.preprocess((v) => (v === '' ? undefined : v), z.iso.datetime({ offset: true, error: 'To is not a date.' }).optional()),
  agent: optionalQueryId('Agent'),
  source: optionalQueryText,
  excludeTestAgents: queryBoolean,
});
export type SalesFunnelQuery = z.infer<typeof SalesFunnelQuerySchema>;

export const SalesFunnelStageSchema = z.object({
  stage: z.string(),
  /** Leads of the range that ever reached the stage (their stage history). */
  reached: z.number().int(),
  /** Leads of the range at that stage now. */
  current: z.number().int(),
  /** reached / total, in percent (2 decimals). */
  conversion: z.number(),
  /** reached / reached of the previous funnel stage, in percent; null off the funnel. */
  stepConversion: z.number().nullable(),
});
export const SalesFunnelReportSchema = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  timezone: z.string(),
  total: z.number().int(),
  stages: z.array(SalesFunnelStageSchema),
});
export type SalesFunnelReport = z.infer<typeof SalesFunnelReportSchema>;

/** GET /teams/members/statistics/better-agent/offices. */
export const BetterAgentOfficesQuerySchema = SalesFunnelQuerySchema.pick({
  asset: true,
  preset: true,
  from: true,
  to: true,
  excludeTestAgents: true,
});
export type BetterAgentOfficesQuery = z.infer<typeof BetterAgentOfficesQuerySchema>;
export const BetterAgentOfficeSchema = z.object({
  office: z.string().nullable(),
  members: z.number().int(),
  leads: z.number().int(),
  accepted: z.number().int(),
  /** Mean minutes from assignment to acceptance, 2 decimals; null when nothing was accepted. */
  averageResponseTime: z.number().nullable(),
});
export type BetterAgentOffice = z.infer<typeof BetterAgentOfficeSchema>;

/** GET {id}/history: the lead's activity, newest first. */
export const LeadActivitySchema = z.object({
  _id: z.string(),
  kind: z.enum(LEAD_ACTIVITY_KINDS),
  at: z.string(),
  title: z.string(),
  agent: LeadAgentRefSchema.nullable().optional(),
  reason: z.string().nullable().optional(),
  responseMinutes: z.number().nullable().optional(),
  stage: z.string().nullable().optional(),
  status: z.string().nullable().optional(),
  rating: z.number().nullable().optional(),
  category: z.string().nullable().optional(),
  feedback: z.string().nullable().optional(),
});
export type LeadActivity = z.infer<typeof LeadActivitySchema>;

/** POST sync-multiple-leads. */
export const SyncMultipleLeadsInputSchema = z.strictObject({
  leads: z
    .array(id('Lead'), { error: 'Leads are required.' })
    .min(1, 'Leads are required.')
    .max(MAX_SYNC_LEADS, `At most ${MAX_SYNC_LEADS} leads at once.`),
  asset: optionalBodyId('Asset'),
});
export type SyncMultipleLeadsInput = z.infer<typeof SyncMultipleLeadsInputSchema>;
/** PATCH sync-now/{id}, sync-agent-leads/{id}: an optional asset in the body. */
export const SyncBodySchema = z.strictObject({ asset: optionalBodyId('Asset') }).nullish();

export const LeadJobRunSchema = z.object({
  _id: z.string(),
  asset: z.string(),
  kind: z.string(),
  status: z.string(),
  progress: z.number().int(),
  total: z.number().int().nullable(),
  params: JsonValueSchema.nullable(),
  result: JsonValueSchema.nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type LeadJobRun = z.infer<typeof LeadJobRunSchema>;

/** tRPC `leads.update`: the id beside the payload (REST carries it in the path). */
export const LeadUpdateCallInputSchema = z.strictObject({ id: z.string().min(1), payload: LeadUpdatePayloadSchema });
export const LeadIdInputSchema = z.strictObject({ id: z.string().min(1) });
export const LeadStageCallInputSchema = z.strictObject({ id: z.string().min(1), change: LeadStageInputSchema });
export const LeadPoolQuerySchema = z.object({
  asset: optionalQueryId('Asset'),
  page: z.coerce.number().int().optional(),
  limit: z.coerce.number().int().optional(),
});
export type LeadPoolQuery = z.infer<typeof LeadPoolQuerySchema>;

/**
 * A lead as the lead engine's calls answer it (create, cms/{id}, stage/{id}, accept, claim, GET {id}, the pool):
 * the contract's record with the lead page's populates and its SLA stage.
 */
export const LeadRecordSchema = leadContract.record;
export type LeadRecord = z.infer<typeof LeadRecordSchema>;
/** POST create: the new lead, and the daily quota warning of its agent (null when under the quota). */
export const CreatedLeadSchema = recordWith(leadContract, { limitsWarning: z.string().nullable() });
export type CreatedLead = z.infer<typeof CreatedLeadSchema>;
export const LeadRecordResponseSchema = z.object({ data: LeadRecordSchema });
export const CreatedLeadResponseSchema = z.object({ data: CreatedLeadSchema });
/** tRPC leads.upsert: the lead, and whether this call created it (REST says it with 201 or 200). */
export const LeadUpsertResultSchema = z.object({ data: CreatedLeadSchema, created: z.boolean() });
/** GET pool: whole lead records, soonest pool end first. */
export const LeadPoolResponseSchema = listResponseSchema(LeadRecordSchema);
