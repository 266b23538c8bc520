// The leads module's public surface: what the rest of the server uses of it, and nothing else (docs/architecture.md
// 'Modules and their public surfaces').
export { actorMember, LEAD_TX_OPTIONS, loadLeadSettings } from './lead-context.js';
export { setLeadCustomFields } from './lead-custom-fields.service.js';
export { leadHomeFigureConditions } from './lead-home-figure-filter.js';
export { mayClaimFromPool, poolLeadsWhere } from './lead-pool.service.js';
export { getLead } from './lead-queries.service.js';
export { assertLeadId } from './lead-record.js';
export { type Candidate, chooseByStrategy, eligibleMembers, openLeadCounts } from './lead-routing.service.js';
export { LEAD_SLA_SWEEP_JOB_ID, runLeadSlaSweep } from './lead-sla-sweep.job.js';
export { applyDueClockStep, lockLead, managerFor } from './lead-sla.service.js';
export { upsertLead } from './lead-upsert.service.js';
export { changeLead, type LeadAuthor } from './lead-writer.js';
export { type DemoInterlude, seedDemoLeads } from './lead.demo-seed.js';
export { leadResource } from './lead.resource.js';
