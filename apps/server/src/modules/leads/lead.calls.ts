import { leadCalls } from '@crm/domain';
import { serveCalls } from '../../calls/serve-calls.js';
import { leadAssetOf } from './lead-context.js';
import { createLeadExportJob, getLeadExportJob } from './lead-export-job.service.js';
import { acceptLead, claimPoolLead, listPoolLeads } from './lead-pool.service.js';
import { leadBudget, leadHistory, listSources, listStages, previewInitialAgent } from './lead-queries.service.js';
import { betterAgentOffices, salesFunnelReport } from './lead-reports.service.js';
import { previewLeadPoolSla } from './lead-sla.service.js';
import { getLeadJob, syncAgentLeads, syncLeadNow, syncMultipleLeads } from './lead-sync.service.js';
import { upsertLead } from './lead-upsert.service.js';
import { changeLeadStage, createLead, updateLead } from './lead.service.js';

// The lead engine's declared calls (packages/domain/src/leads/lead.calls.ts), both doors from these handlers. A
// sync may name another of the caller's assets (404 when it is not one of them), so it resolves its own.
export const leadDoors = serveCalls(leadCalls, {
  create: ({ deps, actor, input }) => createLead(deps, actor, input),
  upsert: async ({ deps, actor, input }) => {
    const { lead, created } = await upsertLead(deps, actor, input);
    return { data: lead, created };
  },
  update: ({ deps, actor, input }) => updateLead(deps, actor, input.id, input.payload),
  changeStage: ({ deps, actor, asset, input }) => changeLeadStage(deps, actor, asset, input.id, input.change),
  stages: ({ deps, asset }) => listStages(deps, asset),
  sources: ({ deps, asset }) => listSources(deps, asset),
  initialAgent: ({ deps, actor, input }) => previewInitialAgent(deps, actor, input),
  budget: ({ deps, actor, input }) => leadBudget(deps, actor, input),
  poolSla: ({ deps, actor, input }) => previewLeadPoolSla(deps, actor, input),
  salesFunnel: ({ deps, asset, input, request }) => salesFunnelReport(deps, asset, input, request.timezone),
  history: ({ deps, asset, input }) => leadHistory(deps, asset, input.id, input.kind),
  accept: ({ deps, actor, asset, input }) => acceptLead(deps, actor, asset, input.id),
  pool: ({ deps, actor, asset, input }) => listPoolLeads(deps, actor, asset, input),
  claim: ({ deps, actor, asset, input }) => claimPoolLead(deps, actor, asset, input.id),
  syncNow: ({ deps, actor, input }) => syncLeadNow(deps, actor, leadAssetOf(actor, input.asset), input.id),
  syncMultiple: ({ deps, actor, input }) => syncMultipleLeads(deps, actor, leadAssetOf(actor, input.asset), input.leads),
  syncAgentLeads: ({ deps, actor, input }) => syncAgentLeads(deps, actor, leadAssetOf(actor, input.asset), input.id),
  job: ({ deps, asset, input }) => getLeadJob(deps, asset, input.id),
  betterAgentOffices: ({ deps, asset, input, request }) => betterAgentOffices(deps, asset, input, request.timezone),
  exportJobCreate: async ({ deps, actor, input, request }) => ({
    data: await createLeadExportJob(deps, actor, input, request.timezone),
  }),
  exportJob: async ({ deps, actor, input }) => ({ data: await getLeadExportJob(deps, actor, input.id, input.asset) }),
});
