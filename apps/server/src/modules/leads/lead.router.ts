import { z } from 'zod';
import {
  BetterAgentOfficesQuerySchema,
  BudgetQuerySchema,
  InitialAgentQuerySchema,
  LEAD_ACTIVITY_KINDS,
  LEAD_CALL_PERMISSIONS,
  LeadIdInputSchema,
  LeadPayloadSchema,
  LeadPoolQuerySchema,
  LeadPoolSlaInputSchema,
  LeadStageCallInputSchema,
  LeadUpdateCallInputSchema,
  SyncMultipleLeadsInputSchema,
  SalesFunnelQuerySchema,
  leadContract,
} from '@crm/domain';
import { resourceProcedures } from '../../resources/resource-procedures.js';
import { permissionProcedure, router } from '../../trpc/trpc.js';
import { leadResource } from './lead.resource.js';
import { leadAssetOf } from './lead-context.js';
import { leadExportProcedures } from './lead-export.router.js';
import { acceptLead, claimPoolLead, listPoolLeads } from './lead-pool.service.js';
import { getLead, leadBudget, leadConversations, listSources, listStages, previewInitialAgent } from './lead-queries.service.js';
import { betterAgentOffices, salesFunnelReport } from './lead-reports.service.js';
import { previewLeadPoolSla } from './lead-sla.service.js';
import { getLeadJob, syncAgentLeads, syncLeadNow, syncMultipleLeads } from './lead-sync.service.js';
import { changeLeadStage, createLead, updateLead } from './lead.service.js';

// Lead calls (docs/api.md 'Other calls'), tRPC door onto the same services as lead.routes.ts.
const P = LEAD_CALL_PERMISSIONS;
const can = {
  create: permissionProcedure([...P.create]),
  update: permissionProcedure([...P.update]),
  read: permissionProcedure([...P.read]),
  form: permissionProcedure([...P.form]),
  offices: permissionProcedure([...P.offices]),
};

export const leadsRouter = router({
  // The read side is the generic resource's; writes are the lead engine's own (below, overriding).
  ...resourceProcedures(leadResource),
  create: can.create.input(LeadPayloadSchema).mutation(({ ctx, input }) => createLead(ctx.deps, ctx.actor, input)),
  update: can.update
    .input(LeadUpdateCallInputSchema)
    .mutation(({ ctx, input }) => updateLead(ctx.deps, ctx.actor, input.id, input.payload)),
  changeStage: can.update
    .input(LeadStageCallInputSchema)
    .mutation(({ ctx, input }) => changeLeadStage(ctx.deps, ctx.actor, ctx.assetId, input.id, input.change)),
  byId: can.read
    .input(LeadIdInputSchema)
    .output(leadContract.record)
    .query(({ ctx, input }) => getLead(ctx.deps, ctx.actor, ctx.assetId, input.id)),
  stages: can.form.query(({ ctx }) => listStages(ctx.deps, ctx.assetId)),
  sources: can.form.query(({ ctx }) => listSources(ctx.deps, ctx.assetId)),
  initialAgent: can.form.input(InitialAgentQuerySchema).query(({ ctx, input }) => previewInitialAgent(ctx.deps, ctx.actor, input)),
  budget: can.form.input(BudgetQuerySchema).query(({ ctx, input }) => leadBudget(ctx.deps, ctx.actor, input)),
  poolSla: can.form.input(LeadPoolSlaInputSchema).query(({ ctx, input }) => previewLeadPoolSla(ctx.deps, ctx.actor, input)),
  salesFunnel: can.read
    .input(SalesFunnelQuerySchema)
    .query(({ ctx, input }) => salesFunnelReport(ctx.deps, ctx.assetId, input, ctx.req.timezone)),
  conversations: can.read
    .input(z.strictObject({ id: z.string().min(1), kind: z.enum(LEAD_ACTIVITY_KINDS).optional() }))
    .query(({ ctx, input }) => leadConversations(ctx.deps, ctx.assetId, input.id, input.kind)),
  accept: can.update.input(LeadIdInputSchema).mutation(({ ctx, input }) => acceptLead(ctx.deps, ctx.actor, ctx.assetId, input.id)),
  pool: can.read
    .input(LeadPoolQuerySchema)
    .output(leadContract.listResponse)
    .query(({ ctx, input }) => listPoolLeads(ctx.deps, ctx.actor, ctx.assetId, input)),
  claim: can.update.input(LeadIdInputSchema).mutation(({ ctx, input }) => claimPoolLead(ctx.deps, ctx.actor, ctx.assetId, input.id)),
  syncNow: can.update.input(LeadIdInputSchema).mutation(({ ctx, input }) => syncLeadNow(ctx.deps, ctx.actor, ctx.assetId, input.id)),
  syncMultiple: can.update
    .input(SyncMultipleLeadsInputSchema)
    .mutation(({ ctx, input }) => syncMultipleLeads(ctx.deps, ctx.actor, leadAssetOf(ctx.actor, input.asset), input.leads)),
  syncAgentLeads: can.update
    .input(LeadIdInputSchema)
    .mutation(({ ctx, input }) => syncAgentLeads(ctx.deps, ctx.actor, ctx.assetId, input.id)),
  job: can.read.input(LeadIdInputSchema).query(({ ctx, input }) => getLeadJob(ctx.deps, ctx.assetId, input.id)),
  betterAgentOffices: can.offices
    .input(BetterAgentOfficesQuerySchema)
    .query(({ ctx, input }) => betterAgentOffices(ctx.deps, ctx.assetId, input, ctx.req.timezone)),
  ...leadExportProcedures,
});
