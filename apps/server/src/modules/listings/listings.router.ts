import { resourceProcedures } from '../../resources/resource-procedures.js';
import { router } from '../../trpc/trpc.js';
import { listingDoors } from './listing.calls.js';
import { listingResource } from './listing.resource.js';

// Listings, tRPC door: the engine's procedures and the declared calls (listing.calls.ts).
export const listingsRouter = router({ ...resourceProcedures(listingResource), ...listingDoors.procedures });
