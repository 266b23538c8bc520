import type { ServerModule } from '../module.js';
import { listingResource } from './listing.resource.js';
import { listingRoutes } from './listing.routes.js';
import { permitRecheckJob, startPermitRecheck } from './permit-recheck.job.js';

export const listingsModule: ServerModule = {
  name: 'listings',
  routes: listingRoutes,
  resources: [listingResource],
  jobs: [permitRecheckJob],
  startWorkers: (deps) => startPermitRecheck(deps),
};
