import { z } from 'zod';
import { defineCall, defineCalls, restDoor } from '../calls/define-call.js';
import { listResponseSchema, oneResponseSchema } from '../list/list-response.schema.js';
import {
  BetterAgentOfficeSchema,
  BetterAgentOfficesQuerySchema,
  BudgetQuerySchema,
  BudgetResultSchema,
  CreatedLeadResponseSchema,
  CreatedLeadSchema,
  InitialAgentQuerySchema,
  InitialAgentResultSchema,
  LeadActivitySchema,
  LeadAssetQuerySchema,
  LeadIdInputSchema,
  LeadJobRunSchema,
  LeadPoolQuerySchema,
  LeadPoolResponseSchema,
  LeadPoolSlaInputSchema,
  LeadPoolSlaResultSchema,
  LeadRecordSchema,
  LeadStageCallInputSchema,
  LeadStageInputSchema,
  LeadUpdateCallInputSchema,
  LeadUpsertResultSchema,
  SalesFunnelQuerySchema,
  SalesFunnelReportSchema,
  SyncBodySchema,
  SyncMultipleLeadsInputSchema,
} from './lead-calls.schemas.js';
import { LEAD_ACTIVITY_KINDS, LEAD_CALL_PERMISSIONS as P } from './lead-engine.constants.js';
import { LeadExportJobIdInputSchema, LeadExportJobInputSchema, LeadExportJobSchema } from './lead-export.schemas.js';
import { LeadPayloadSchema, LeadUpdatePayloadSchema, LeadUpsertPayloadSchema } from './lead-payload.js';

// The lead engine's calls (docs/api.md 'Other calls', properties/leads) beside the generic read side: writes,
// the lead form's lookups, the pool, syncs, reports and export jobs. REST answers `{ data }` where tRPC answers the
// output itself (envelope `data`); the export files are downloads (lead-export.routes.ts).
const BASE = '/api/properties/leads';
const IdParams = z.object({ id: z.string().max(100) });
const leads = { tag: 'leads', scope: 'asset' } as const;
const id = z.string().min(1);

const create = defineCall({
  ...leads,
  operationId: 'leads.create',
  summary: 'Create a lead (routing, SLA, leadID)',
  access: P.create,
  kind: 'mutation',
  input: LeadPayloadSchema,
  output: CreatedLeadSchema,
  rest: { method: 'POST', path: `${BASE}/create`, status: 201, envelope: 'data' },
});

const upsert = defineCall({
  ...leads,
  operationId: 'leads.upsert',
  summary: "Create or update an integrator's lead by inputSource and sourceDataId",
  description:
    '201 with the new lead; 200 with the lead already received from that inputSource and sourceDataId in the asset, its provider details refreshed (never its stage, agent or SLA).',
  // It creates or updates, so it needs both.
  access: { allOf: P.upsert },
  kind: 'mutation',
  input: LeadUpsertPayloadSchema,
  output: LeadUpsertResultSchema,
  rest: {
    method: 'POST',
    path: `${BASE}/chekinio`,
    envelope: 'bare',
    // REST says whether it created with the status; its body is the lead alone.
    outcome: { statuses: [200, 201], answer: CreatedLeadResponseSchema, statusOf: (output) => (output.created ? 201 : 200) },
  },
});

const update = defineCall({
  ...leads,
  operationId: 'leads.update',
  summary: 'Update a lead (never stage/status; locked fields)',
  access: P.update,
  kind: 'mutation',
  input: LeadUpdateCallInputSchema,
  output: LeadRecordSchema,
  rest: {
    method: 'PATCH',
    path: `${BASE}/cms/:id`,
    params: IdParams,
    body: LeadUpdatePayloadSchema,
    envelope: 'data',
    toInput: ({ params, body }) => ({ id: params.id, payload: body }),
  },
});

const changeStage = defineCall({
  ...leads,
  operationId: 'leads.changeStage',
  summary: 'Change stage and status (appends stageHistory)',
  access: P.update,
  kind: 'mutation',
  input: LeadStageCallInputSchema,
  output: LeadRecordSchema,
  rest: {
    method: 'PATCH',
    path: `${BASE}/stage/:id`,
    params: IdParams,
    body: LeadStageInputSchema,
    envelope: 'data',
    toInput: ({ params, body }) => ({ id: params.id, change: body }),
  },
});

const stages = defineCall({
  ...leads,
  operationId: 'leads.stages',
  summary: 'Stage names',
  access: P.form,
  kind: 'query',
  output: z.array(z.string()),
  rest: { method: 'GET', path: `${BASE}/stages`, query: LeadAssetQuerySchema, envelope: 'data' },
});

const sources = defineCall({
  ...leads,
  operationId: 'leads.sources',
  summary: 'Sources in use plus the defaults',
  access: P.form,
  kind: 'query',
  output: z.array(z.string()),
  rest: { method: 'GET', path: `${BASE}/v2/source`, query: LeadAssetQuerySchema, envelope: 'data' },
});

const initialAgent = defineCall({
  ...leads,
  operationId: 'leads.initialAgent',
  summary: 'Who would get the lead (parent lead, listing agent, project agents, everyone eligible)',
  access: P.form,
  kind: 'query',
  input: InitialAgentQuerySchema,
  output: InitialAgentResultSchema,
  rest: { method: 'GET', path: `${BASE}/initial-agent`, envelope: 'data' },
});

const budget = defineCall({
  ...leads,
  operationId: 'leads.budget',
  summary: 'Budget range of a listing or project',
  access: P.form,
  errors: ['NOT_FOUND'],
  kind: 'query',
  input: BudgetQuerySchema,
  output: BudgetResultSchema,
  rest: { method: 'GET', path: `${BASE}/budget`, envelope: 'data' },
});

const poolSla = defineCall({
  ...leads,
  operationId: 'leads.poolSla',
  summary: 'SLA dates a lead would get now',
  access: P.form,
  errors: ['NOT_FOUND'],
  kind: 'query',
  input: LeadPoolSlaInputSchema,
  output: LeadPoolSlaResultSchema,
  rest: { method: 'POST', path: `${BASE}/lead-pool-sla`, envelope: 'data' },
});

const salesFunnel = defineCall({
  ...leads,
  operationId: 'leads.salesFunnel',
  summary: 'Counts and conversion per stage in a date range',
  access: P.read,
  kind: 'query',
  input: SalesFunnelQuerySchema,
  output: SalesFunnelReportSchema,
  rest: { method: 'GET', path: `${BASE}/sales-funnel/report`, envelope: 'data' },
});

/** The lead's activity (owners, stages, review); its conversations are `conversations.list`. */
const HistoryInput = z.strictObject({ id, kind: z.enum(LEAD_ACTIVITY_KINDS).optional() });
const history = defineCall({
  ...leads,
  operationId: 'leads.history',
  summary: 'The lead’s activity, newest first',
  access: P.read,
  kind: 'query',
  input: HistoryInput,
  output: listResponseSchema(LeadActivitySchema),
  rest: {
    method: 'GET',
    path: `${BASE}/:id/history`,
    params: IdParams,
    query: LeadAssetQuerySchema,
    envelope: 'bare',
    toInput: ({ params }) => ({ id: params.id }),
  },
  // One kind of it has its own REST operation; tRPC names the kind in the input.
  restAlso: [
    restDoor(HistoryInput, {
      operationId: 'leads.historyOfKind',
      summary: 'One kind of the lead’s activity',
      method: 'GET',
      path: `${BASE}/:id/history/:kind`,
      params: IdParams.extend({ kind: z.enum(LEAD_ACTIVITY_KINDS) }),
      query: LeadAssetQuerySchema,
      envelope: 'bare',
      toInput: ({ params }) => ({ id: params.id, kind: params.kind }),
    }),
  ],
});

const onLead = (operationId: string, summary: string, path: string) =>
  defineCall({
    ...leads,
    operationId,
    summary,
    access: P.update,
    kind: 'mutation',
    input: LeadIdInputSchema,
    output: LeadRecordSchema,
    rest: { method: 'POST', path: `${BASE}/${path}`, params: IdParams, envelope: 'data', toInput: ({ params }) => params },
  });
const accept = onLead('leads.accept', 'The assigned agent accepts the lead', 'accept/:id');
const claim = onLead('leads.claim', 'Claim a pool lead (first claim wins, others 409)', 'pool/:id/claim');

const pool = defineCall({
  ...leads,
  operationId: 'leads.pool',
  summary: 'Leads in the pool the caller may claim',
  access: P.read,
  kind: 'query',
  input: LeadPoolQuerySchema,
  output: LeadPoolResponseSchema,
  rest: { method: 'GET', path: `${BASE}/pool`, envelope: 'bare' },
});

/** A sync of one lead or of a member's leads; REST may name another of the caller's assets in the body. */
const SyncOneInput = z.strictObject({ id, asset: z.string().nullish() });
const syncOf = (operationId: string, summary: string, path: string) =>
  defineCall({
    ...leads,
    operationId,
    summary,
    access: P.update,
    kind: 'mutation',
    input: SyncOneInput,
    output: LeadJobRunSchema,
    rest: {
      method: 'PATCH',
      path: `${BASE}/${path}`,
      params: IdParams,
      body: SyncBodySchema,
      envelope: 'data',
      toInput: ({ params, body }) => ({ id: params.id, asset: body?.asset }),
    },
  });
const syncNow = syncOf('leads.syncNow', 'Queue a sync of one lead', 'sync-now/:id');
const syncAgentLeads = syncOf('leads.syncAgentLeads', 'Queue a sync of a team member’s leads', 'sync-agent-leads/:id');

const syncMultiple = defineCall({
  ...leads,
  operationId: 'leads.syncMultiple',
  summary: 'Queue a sync of several leads',
  access: P.update,
  errors: ['NOT_FOUND'],
  kind: 'mutation',
  input: SyncMultipleLeadsInputSchema,
  output: LeadJobRunSchema,
  rest: { method: 'POST', path: `${BASE}/sync-multiple-leads`, envelope: 'data' },
});

const job = defineCall({
  ...leads,
  operationId: 'leads.job',
  summary: 'Status of a lead sync job',
  access: P.read,
  kind: 'query',
  input: LeadIdInputSchema,
  output: LeadJobRunSchema,
  rest: {
    method: 'GET',
    path: `${BASE}/jobs/:id`,
    params: IdParams,
    query: LeadAssetQuerySchema,
    envelope: 'data',
    toInput: ({ params }) => params,
  },
});

const betterAgentOffices = defineCall({
  ...leads,
  tag: 'teams',
  operationId: 'leads.betterAgentOffices',
  summary: 'Per office: members, leads, accepted, average response time',
  access: P.offices,
  kind: 'query',
  input: BetterAgentOfficesQuerySchema,
  output: z.array(BetterAgentOfficeSchema),
  rest: { method: 'GET', path: '/api/teams/members/statistics/better-agent/offices', envelope: 'data' },
});

/** Both doors of the export jobs answer `{ data }` (their tRPC procedures always did). */
const exportJobAnswer = oneResponseSchema(LeadExportJobSchema);
const exportJobCreate = defineCall({
  ...leads,
  operationId: 'leads.exportJobCreate',
  summary: 'Export a whole filtered Leads report in the background',
  description:
    '202 with the queued job. The job writes the file in chunks of 5,000 rows; GET export-jobs/{id} shows its progress (0-100) and total, ' +
    'and its download url once completed. XLSX holds at most 100000 rows (more: 400, export CSV).',
  access: P.read,
  kind: 'mutation',
  input: LeadExportJobInputSchema,
  output: exportJobAnswer,
  rest: { method: 'POST', path: `${BASE}/export-jobs`, status: 202, envelope: 'bare' },
});

const exportJob = defineCall({
  ...leads,
  operationId: 'leads.exportJob',
  summary: 'An export job: status, progress, total, download url',
  access: P.read,
  kind: 'query',
  // REST may name another of the caller's assets in the query.
  input: LeadExportJobIdInputSchema.extend({ asset: z.string().optional() }),
  output: exportJobAnswer,
  rest: {
    method: 'GET',
    path: `${BASE}/export-jobs/:id`,
    params: IdParams,
    query: LeadAssetQuerySchema,
    envelope: 'bare',
    toInput: ({ params, query }) => ({ id: params.id, asset: query.asset }),
  },
});

export const leadCalls = defineCalls('leads', {
  create,
  upsert,
  update,
  changeStage,
  stages,
  sources,
  initialAgent,
  budget,
  poolSla,
  salesFunnel,
  history,
  accept,
  pool,
  claim,
  syncNow,
  syncMultiple,
  syncAgentLeads,
  job,
  betterAgentOffices,
  exportJobCreate,
  exportJob,
});
