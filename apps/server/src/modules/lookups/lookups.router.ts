import { resourceProcedures } from '../../resources/resource-procedures.js';
import { router } from '../../trpc/trpc.js';
import { lookupDoors } from './lookup.calls.js';
import { placeResource } from './place.resource.js';

// The form lookups' tRPC door: the declared calls (lookup.calls.ts).
export const lookupsRouter = router(lookupDoors.procedures);

/** The company's places (emirates, cities, communities, sub-communities): the generic resource calls. */
export const placesRouter = router(resourceProcedures(placeResource));
