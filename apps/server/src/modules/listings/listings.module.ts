import type { ServerModule } from '../module.js';
import { listingResource } from './listing.resource.js';
import { listingRoutes } from './listing.routes.js';

export const listingsModule: ServerModule = { name: 'listings', routes: listingRoutes, resources: [listingResource] };
