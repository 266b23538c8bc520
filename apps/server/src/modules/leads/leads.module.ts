import type { ServerModule } from '../module.js';
import { leadActivitySubscriber } from './lead-activity.subscribers.js';
import { leadExportJob } from './lead-export.job.js';
import { leadResource } from './lead.resource.js';
import { leadDoors } from './lead.calls.js';
import { leadExportRoutes } from './lead-export.routes.js';
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
  // The export files are downloads, hand-written (lead-export.routes.ts); every other call is declared.
  routes: leadExportRoutes,
  calls: [leadDoors],
  resources: [leadResource],
  jobs: LEAD_JOBS,
  subscribers: [leadActivitySubscriber],
  // The repeatable SLA sweep (and its local fallback timer) runs where the workers run.
  startWorkers: (deps) => startLeadSlaSweep(deps),
};
