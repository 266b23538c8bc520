import type { ServerModule } from '../module.js';
import { listingResource } from './listing.resource.js';

export const listingsModule: ServerModule = { name: 'listings', resources: [listingResource] };
