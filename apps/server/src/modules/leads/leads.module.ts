import type { ServerModule } from '../module.js';
import { leadExportJob } from './lead-export.job.js';
import { leadResource } from './lead.resource.js';
import { leadRoutes } from './lead.routes.js';
import { leadSlaSweepJob, startLeadSlaSweep } from './lead-sla-sweep.job.js';
import { leadSlaJob } from './lead-sla.job.js';

/** Every lead job: the SLA clock and its sweep, syncs and exports. */
export const LEAD_JOBS = [leadSlaJob, leadSlaSweepJob, leadExportJob] as const;

export const leadsModule: ServerModule = {
  name: 'leads',
  openapiTag: {
    name: 'leads',
    description: 'The lead engine: create, update, stage, routing previews, the lead pool, reports and exports',
  },
  routes: leadRoutes,
  resources: [leadResource],
  jobs: LEAD_JOBS,
  // The repeatable SLA sweep (and its local fallback timer) runs where the workers run.
  startWorkers: (deps) => startLeadSlaSweep(deps),
};
