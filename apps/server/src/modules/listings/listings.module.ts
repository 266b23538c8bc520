import type { ServerModule } from '../module.js';
import { listingResource } from './listing.resource.js';
import { listingDoors } from './listing.calls.js';
import { listingFeedRoutes } from './listing-feed.routes.js';
import { permitRecheckJob, startPermitRecheck } from './permit-recheck.job.js';

export const listingsModule: ServerModule = {
  name: 'listings',
  openapiTag: { name: 'properties', description: "Listings, off-plan projects, developers and the lead form's listing lookups" },
  calls: [listingDoors],
  // The feeds portals pull are XML files, not calls (listing-feed.routes.ts).
  routes: listingFeedRoutes,
  resources: [listingResource],
  jobs: [permitRecheckJob],
  startWorkers: (deps) => startPermitRecheck(deps),
};
