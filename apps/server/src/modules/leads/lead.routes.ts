import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BetterAgentOfficeSchema,
  BetterAgentOfficesQuerySchema,
  BudgetQuerySchema,
  BudgetResultSchema,
  InitialAgentQuerySchema,
  InitialAgentResultSchema,
  LEAD_ACTIVITY_KINDS,
  LEAD_CALL_PERMISSIONS,
  LeadActivitySchema,
  LeadAssetQuerySchema,
  LeadJobRunSchema,
  LeadPayloadSchema,
  LeadPoolQuerySchema,
  LeadPoolSlaInputSchema,
  LeadPoolSlaResultSchema,
  LeadStageInputSchema,
  LeadUpdatePayloadSchema,
  LeadUpsertPayloadSchema,
  CreatedLeadResponseSchema,
  LeadPoolResponseSchema,
  LeadRecordResponseSchema,
  listResponseSchema,
  oneResponseSchema,
  SalesFunnelQuerySchema,
  SalesFunnelReportSchema,
  SyncBodySchema,
  SyncMultipleLeadsInputSchema,
  type ErrorCode,
  type PermissionCode,
} from '@crm/domain';
import { actorOf, assetOf } from '../../plugins/auth.plugin.js';
import { leadAssetOf } from './lead-context.js';
import { registerLeadExportRoutes } from './lead-export.routes.js';
import { acceptLead, claimPoolLead, listPoolLeads } from './lead-pool.service.js';
import { leadBudget, leadHistory, listSources, listStages, previewInitialAgent } from './lead-queries.service.js';
import { betterAgentOffices, salesFunnelReport } from './lead-reports.service.js';
import { previewLeadPoolSla } from './lead-sla.service.js';
import { getLeadJob, syncAgentLeads, syncLeadNow, syncMultipleLeads } from './lead-sync.service.js';
import { changeLeadStage, createLead, updateLead } from './lead.service.js';
import { upsertLead } from './lead-upsert.service.js';

// Lead calls (docs/api.md 'Other calls', properties/leads), REST door. The generic resource serves the read side
// (list, count, one, GET {id} with populate, search, distinct/{field}); these are the lead engine's, and the
// exports (lead-export.routes.ts).

const BASE = '/api/properties/leads';
const tags = ['leads'];
const IdParams = z.object({ id: z.string().max(100) });
/** The route's permissions; `errors` adds a 404 where a record named outside the path may be missing. */
const perms = (codes: readonly PermissionCode[], errors: readonly ErrorCode[] = []) => ({ permissions: [...codes], errors });
const P = LEAD_CALL_PERMISSIONS;

export async function leadRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.post(
    `${BASE}/create`,
    {
      config: perms(P.create),
      schema: {
        tags,
        operationId: 'leads.create',
        summary: 'Create a lead (routing, SLA, leadID)',
        body: LeadPayloadSchema,
        response: { 201: CreatedLeadResponseSchema },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await createLead(deps, actorOf(req), req.body) }),
  );
  app.post(
    `${BASE}/chekinio`,
    {
      config: { ...perms(P.upsert), permissionMode: 'all' },
      schema: {
        tags,
        operationId: 'leads.upsert',
        summary: "Create or update an integrator's lead by inputSource and sourceDataId",
        description:
          '201 with the new lead; 200 with the lead already received from that inputSource and sourceDataId in the asset, its provider details refreshed (never its stage, agent or SLA).',
        body: LeadUpsertPayloadSchema,
        response: { 200: CreatedLeadResponseSchema, 201: CreatedLeadResponseSchema },
      },
    },
    async (req, reply) => {
      const { lead, created } = await upsertLead(deps, actorOf(req), req.body);
      return reply.status(created ? 201 : 200).send({ data: lead });
    },
  );
  app.patch(
    `${BASE}/cms/:id`,
    {
      config: perms(P.update),
      schema: {
        tags,
        operationId: 'leads.update',
        summary: 'Update a lead (never stage/status; locked fields)',
        params: IdParams,
        body: LeadUpdatePayloadSchema,
        response: { 200: LeadRecordResponseSchema },
      },
    },
    async (req) => ({
      data: await updateLead(deps, actorOf(req), req.params.id, req.body),
    }),
  );
  app.patch(
    `${BASE}/stage/:id`,
    {
      config: perms(P.update),
      schema: {
        tags,
        operationId: 'leads.changeStage',
        summary: 'Change stage and status (appends stageHistory)',
        params: IdParams,
        body: LeadStageInputSchema,
        response: { 200: LeadRecordResponseSchema },
      },
    },
    async (req) => ({
      data: await changeLeadStage(deps, actorOf(req), assetOf(req), req.params.id, req.body),
    }),
  );
  app.get(
    `${BASE}/stages`,
    {
      config: perms(P.form),
      schema: {
        tags,
        operationId: 'leads.stages',
        summary: 'Stage names',
        querystring: LeadAssetQuerySchema,
        response: { 200: z.object({ data: z.array(z.string()) }) },
      },
    },
    async (req) => ({
      data: await listStages(deps, assetOf(req)),
    }),
  );
  app.get(
    `${BASE}/v2/source`,
    {
      config: perms(P.form),
      schema: {
        tags,
        operationId: 'leads.sources',
        summary: 'Sources in use plus the defaults',
        querystring: LeadAssetQuerySchema,
        response: { 200: z.object({ data: z.array(z.string()) }) },
      },
    },
    async (req) => ({
      data: await listSources(deps, assetOf(req)),
    }),
  );
  app.get(
    `${BASE}/initial-agent`,
    {
      config: perms(P.form),
      schema: {
        tags,
        operationId: 'leads.initialAgent',
        summary: 'Who would get the lead (parent lead, listing agent, project agents, everyone eligible)',
        querystring: InitialAgentQuerySchema,
        response: { 200: oneResponseSchema(InitialAgentResultSchema) },
      },
    },
    async (req) => ({
      data: await previewInitialAgent(deps, actorOf(req), req.query),
    }),
  );
  app.get(
    `${BASE}/budget`,
    {
      config: perms(P.form, ['NOT_FOUND']),
      schema: {
        tags,
        operationId: 'leads.budget',
        summary: 'Budget range of a listing or project',
        querystring: BudgetQuerySchema,
        response: { 200: oneResponseSchema(BudgetResultSchema) },
      },
    },
    async (req) => ({
      data: await leadBudget(deps, actorOf(req), req.query),
    }),
  );
  app.post(
    `${BASE}/lead-pool-sla`,
    {
      config: perms(P.form, ['NOT_FOUND']),
      schema: {
        tags,
        operationId: 'leads.poolSla',
        summary: 'SLA dates a lead would get now',
        body: LeadPoolSlaInputSchema,
        response: { 200: oneResponseSchema(LeadPoolSlaResultSchema) },
      },
    },
    async (req) => ({
      data: await previewLeadPoolSla(deps, actorOf(req), req.body),
    }),
  );
  app.get(
    `${BASE}/sales-funnel/report`,
    {
      config: perms(P.read),
      schema: {
        tags,
        operationId: 'leads.salesFunnel',
        summary: 'Counts and conversion per stage in a date range',
        querystring: SalesFunnelQuerySchema,
        response: { 200: oneResponseSchema(SalesFunnelReportSchema) },
      },
    },
    async (req) => ({
      data: await salesFunnelReport(deps, assetOf(req), req.query, req.timezone),
    }),
  );
  app.get(
    `${BASE}/:id/history`,
    {
      config: perms(P.read),
      schema: {
        tags,
        operationId: 'leads.history',
        summary: 'The lead’s activity, newest first',
        params: IdParams,
        querystring: LeadAssetQuerySchema,
        response: { 200: listResponseSchema(LeadActivitySchema) },
      },
    },
    async (req) => leadHistory(deps, assetOf(req), req.params.id),
  );
  app.get(
    `${BASE}/:id/history/:kind`,
    {
      config: perms(P.read),
      schema: {
        tags,
        operationId: 'leads.historyOfKind',
        summary: 'One kind of the lead’s activity',
        params: IdParams.extend({ kind: z.enum(LEAD_ACTIVITY_KINDS) }),
        querystring: LeadAssetQuerySchema,
        response: { 200: listResponseSchema(LeadActivitySchema) },
      },
    },
    async (req) => leadHistory(deps, assetOf(req), req.params.id, req.params.kind),
  );
  app.post(
    `${BASE}/accept/:id`,
    {
      config: perms(P.update),
      schema: {
        tags,
        operationId: 'leads.accept',
        summary: 'The assigned agent accepts the lead',
        params: IdParams,
        response: { 200: LeadRecordResponseSchema },
      },
    },
    async (req) => ({
      data: await acceptLead(deps, actorOf(req), assetOf(req), req.params.id),
    }),
  );
  app.get(
    `${BASE}/pool`,
    {
      config: perms(P.read),
      schema: {
        tags,
        operationId: 'leads.pool',
        summary: 'Leads in the pool the caller may claim',
        querystring: LeadPoolQuerySchema,
        response: { 200: LeadPoolResponseSchema },
      },
    },
    async (req) => listPoolLeads(deps, actorOf(req), assetOf(req), req.query),
  );
  app.post(
    `${BASE}/pool/:id/claim`,
    {
      config: perms(P.update),
      schema: {
        tags,
        operationId: 'leads.claim',
        summary: 'Claim a pool lead (first claim wins, others 409)',
        params: IdParams,
        response: { 200: LeadRecordResponseSchema },
      },
    },
    async (req) => ({
      data: await claimPoolLead(deps, actorOf(req), assetOf(req), req.params.id),
    }),
  );
  app.patch(
    `${BASE}/sync-now/:id`,
    {
      config: perms(P.update),
      schema: {
        tags,
        operationId: 'leads.syncNow',
        summary: 'Queue a sync of one lead',
        params: IdParams,
        body: SyncBodySchema,
        response: { 200: oneResponseSchema(LeadJobRunSchema) },
      },
    },
    async (req) => ({
      data: await syncLeadNow(deps, actorOf(req), leadAssetOf(actorOf(req), req.body?.asset), req.params.id),
    }),
  );
  app.post(
    `${BASE}/sync-multiple-leads`,
    {
      config: perms(P.update, ['NOT_FOUND']),
      schema: {
        tags,
        operationId: 'leads.syncMultiple',
        summary: 'Queue a sync of several leads',
        body: SyncMultipleLeadsInputSchema,
        response: { 200: oneResponseSchema(LeadJobRunSchema) },
      },
    },
    async (req) => ({
      data: await syncMultipleLeads(deps, actorOf(req), leadAssetOf(actorOf(req), req.body.asset), req.body.leads),
    }),
  );
  app.patch(
    `${BASE}/sync-agent-leads/:id`,
    {
      config: perms(P.update),
      schema: {
        tags,
        operationId: 'leads.syncAgentLeads',
        summary: 'Queue a sync of a team member’s leads',
        params: IdParams,
        body: SyncBodySchema,
        response: { 200: oneResponseSchema(LeadJobRunSchema) },
      },
    },
    async (req) => ({
      data: await syncAgentLeads(deps, actorOf(req), leadAssetOf(actorOf(req), req.body?.asset), req.params.id),
    }),
  );
  app.get(
    `${BASE}/jobs/:id`,
    {
      config: perms(P.read),
      schema: {
        tags,
        operationId: 'leads.job',
        summary: 'Status of a lead sync job',
        params: IdParams,
        querystring: LeadAssetQuerySchema,
        response: { 200: oneResponseSchema(LeadJobRunSchema) },
      },
    },
    async (req) => ({
      data: await getLeadJob(deps, assetOf(req), req.params.id),
    }),
  );
  registerLeadExportRoutes(fastify);
  app.get(
    '/api/teams/members/statistics/better-agent/offices',
    {
      config: perms(P.offices),
      schema: {
        tags: ['teams'],
        operationId: 'leads.betterAgentOffices',
        summary: 'Per office: members, leads, accepted, average response time',
        querystring: BetterAgentOfficesQuerySchema,
        response: { 200: z.object({ data: z.array(BetterAgentOfficeSchema) }) },
      },
    },
    async (req) => ({ data: await betterAgentOffices(deps, assetOf(req), req.query, req.timezone) }),
  );
}
