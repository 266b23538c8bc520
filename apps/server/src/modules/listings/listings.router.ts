import { resourceProcedures } from '../../resources/resource-procedures.js';
import { router } from '../../trpc/trpc.js';
import { listingResource } from './listing.resource.js';

export const listingsRouter = router(resourceProcedures(listingResource));
