import type { ServerModule } from '../module.js';
import { listingResource } from './listing.resource.js';
import { listingRoutes } from './listing.routes.js';
import { permitRecheckJob, startPermitRecheck } from './permit-recheck.job.js';

export const listingsModule: ServerModule = {
  name: 'listings',
  openapiTag: { name: 'properties', description: "Listings, off-plan projects, developers and the lead form's listing lookups" },
  routes: listingRoutes,
  resources: [listingResource],
  jobs: [permitRecheckJob],
  startWorkers: (deps) => startPermitRecheck(deps),
};
