import { z } from 'zod';
import {
  BetterAgentOfficeSchema,
  BetterAgentOfficesQuerySchema,
  BudgetQuerySchema,
  BudgetResultSchema,
  CreatedLeadSchema,
  InitialAgentQuerySchema,
  InitialAgentResultSchema,
  LEAD_ACTIVITY_KINDS,
  LEAD_CALL_PERMISSIONS,
  LeadActivitySchema,
  LeadIdInputSchema,
  LeadJobRunSchema,
  LeadPayloadSchema,
  LeadPoolQuerySchema,
  LeadPoolResponseSchema,
  LeadPoolSlaInputSchema,
  LeadPoolSlaResultSchema,
  LeadRecordSchema,
  LeadStageCallInputSchema,
  LeadUpdateCallInputSchema,
  LeadUpsertPayloadSchema,
  LeadUpsertResultSchema,
  listResponseSchema,
  SalesFunnelQuerySchema,
  SalesFunnelReportSchema,
  SyncMultipleLeadsInputSchema,
} from '@crm/domain';
import { resourceProcedures } from '../../resources/resource-procedures.js';
import { permissionProcedure, router } from '../../trpc/trpc.js';
import { leadResource } from './lead.resource.js';
import { leadAssetOf } from './lead-context.js';
import { leadExportProcedures } from './lead-export.router.js';
import { acceptLead, claimPoolLead, listPoolLeads } from './lead-pool.service.js';
import { getLead, leadBudget, leadHistory, listSources, listStages, previewInitialAgent } from './lead-queries.service.js';
import { betterAgentOffices, salesFunnelReport } from './lead-reports.service.js';
import { previewLeadPoolSla } from './lead-sla.service.js';
import { getLeadJob, syncAgentLeads, syncLeadNow, syncMultipleLeads } from './lead-sync.service.js';
import { changeLeadStage, createLead, updateLead } from './lead.service.js';
import { upsertLead } from './lead-upsert.service.js';

// Lead calls (docs/api.md 'Other calls'), tRPC door onto the same services as lead.routes.ts.
const P = LEAD_CALL_PERMISSIONS;
const can = {
  create: permissionProcedure([...P.create]),
  update: permissionProcedure([...P.update]),
  upsert: permissionProcedure([...P.upsert], 'all'),
  read: permissionProcedure([...P.read]),
  form: permissionProcedure([...P.form]),
  offices: permissionProcedure([...P.offices]),
};

export const leadsRouter = router({
  // The read side is the generic resource's; writes are the lead engine's own (below, overriding).
  ...resourceProcedures(leadResource),
  create: can.create
    .input(LeadPayloadSchema)
    .output(CreatedLeadSchema)
    .mutation(({ ctx, input }) => createLead(ctx.deps, ctx.actor, input)),
  upsert: can.upsert
    .input(LeadUpsertPayloadSchema)
    .output(LeadUpsertResultSchema)
    .mutation(({ ctx, input }) => upsertLead(ctx.deps, ctx.actor, input).then(({ lead, created }) => ({ data: lead, created }))),
  update: can.update
    .input(LeadUpdateCallInputSchema)
    .output(LeadRecordSchema)
    .mutation(({ ctx, input }) => updateLead(ctx.deps, ctx.actor, input.id, input.payload)),
  changeStage: can.update
    .input(LeadStageCallInputSchema)
    .output(LeadRecordSchema)
    .mutation(({ ctx, input }) => changeLeadStage(ctx.deps, ctx.actor, ctx.assetId, input.id, input.change)),
  /** The lead page's lead (its populates and SLA stage), the record itself rather than `{ data }`. */
  byId: can.read
    .input(LeadIdInputSchema)
    .output(LeadRecordSchema)
    .query(({ ctx, input }) => getLead(ctx.deps, ctx.actor, ctx.assetId, input.id)),
  stages: can.form.output(z.array(z.string())).query(({ ctx }) => listStages(ctx.deps, ctx.assetId)),
  sources: can.form.output(z.array(z.string())).query(({ ctx }) => listSources(ctx.deps, ctx.assetId)),
  initialAgent: can.form
    .input(InitialAgentQuerySchema)
    .output(InitialAgentResultSchema)
    .query(({ ctx, input }) => previewInitialAgent(ctx.deps, ctx.actor, input)),
  budget: can.form
    .input(BudgetQuerySchema)
    .output(BudgetResultSchema)
    .query(({ ctx, input }) => leadBudget(ctx.deps, ctx.actor, input)),
  poolSla: can.form
    .input(LeadPoolSlaInputSchema)
    .output(LeadPoolSlaResultSchema)
    .query(({ ctx, input }) => previewLeadPoolSla(ctx.deps, ctx.actor, input)),
  salesFunnel: can.read
    .input(SalesFunnelQuerySchema)
    .output(SalesFunnelReportSchema)
    .query(({ ctx, input }) => salesFunnelReport(ctx.deps, ctx.assetId, input, ctx.req.timezone)),
  /** The lead's activity (owners, stages, review); its conversations are `conversations.list`. */
  history: can.read
    .input(z.strictObject({ id: z.string().min(1), kind: z.enum(LEAD_ACTIVITY_KINDS).optional() }))
    .output(listResponseSchema(LeadActivitySchema))
    .query(({ ctx, input }) => leadHistory(ctx.deps, ctx.assetId, input.id, input.kind)),
  accept: can.update
    .input(LeadIdInputSchema)
    .output(LeadRecordSchema)
    .mutation(({ ctx, input }) => acceptLead(ctx.deps, ctx.actor, ctx.assetId, input.id)),
  pool: can.read
    .input(LeadPoolQuerySchema)
    .output(LeadPoolResponseSchema)
    .query(({ ctx, input }) => listPoolLeads(ctx.deps, ctx.actor, ctx.assetId, input)),
  claim: can.update
    .input(LeadIdInputSchema)
    .output(LeadRecordSchema)
    .mutation(({ ctx, input }) => claimPoolLead(ctx.deps, ctx.actor, ctx.assetId, input.id)),
  syncNow: can.update
    .input(LeadIdInputSchema)
    .output(LeadJobRunSchema)
    .mutation(({ ctx, input }) => syncLeadNow(ctx.deps, ctx.actor, ctx.assetId, input.id)),
  syncMultiple: can.update
    .input(SyncMultipleLeadsInputSchema)
    .output(LeadJobRunSchema)
    .mutation(({ ctx, input }) => syncMultipleLeads(ctx.deps, ctx.actor, leadAssetOf(ctx.actor, input.asset), input.leads)),
  syncAgentLeads: can.update
    .input(LeadIdInputSchema)
    .output(LeadJobRunSchema)
    .mutation(({ ctx, input }) => syncAgentLeads(ctx.deps, ctx.actor, ctx.assetId, input.id)),
  job: can.read
    .input(LeadIdInputSchema)
    .output(LeadJobRunSchema)
    .query(({ ctx, input }) => getLeadJob(ctx.deps, ctx.assetId, input.id)),
  betterAgentOffices: can.offices
    .input(BetterAgentOfficesQuerySchema)
    .output(z.array(BetterAgentOfficeSchema))
    .query(({ ctx, input }) => betterAgentOffices(ctx.deps, ctx.assetId, input, ctx.req.timezone)),
  ...leadExportProcedures,
});
