import { lookupCalls } from '@crm/domain';
import { serveCalls } from '../../calls/serve-calls.js';
import { listGeo, staticDictionary } from './geo.service.js';
import { listingLookup } from './listing-lookups.service.js';

// The form lookups, both doors from the declarations (packages/domain lookups/lookup.calls.ts).
export const lookupDoors = serveCalls(lookupCalls, {
  geo: async ({ deps, input }) => listGeo(deps.clock, input),
  staticDictionary: async ({ input }) => ({ data: staticDictionary(input.name) }),
  listing: async ({ deps, actor, asset, input }) => ({ data: await listingLookup(deps, actor, asset, input) }),
});
