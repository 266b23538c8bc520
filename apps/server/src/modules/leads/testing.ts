// The leads module's test surface: its test kits, for the other modules' tests; production code never imports it
// (docs/architecture.md 'Modules and their public surfaces').
export { insertLeads, parseCsv } from './lead-export-test-kit.js';
export { AGENT_PERMISSIONS, createLeadWorld, leadPayload, type LeadWorld, MANAGER_PERMISSIONS, movingClock } from './lead-test-kit.js';
