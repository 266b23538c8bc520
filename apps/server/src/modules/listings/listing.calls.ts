import { listingCalls } from '@crm/domain';
import { serveCalls } from '../../calls/serve-calls.js';
import { listingSyncRun, syncListingImages, syncListings } from './listing-feed.service.js';
import { actorInAsset, updateListingPart } from './listing-parts.service.js';
import { checkListingPermit } from './listing-permit.service.js';

// Listing calls, both doors from the declarations (packages/domain listings/listing.calls.ts).
export const listingDoors = serveCalls(listingCalls, {
  updateImages: async ({ deps, actor, input: { id, ...part } }) => ({ data: await updateListingPart({ deps, actor }, id, part) }),
  updateAmenities: async ({ deps, actor, input: { id, ...part } }) => ({ data: await updateListingPart({ deps, actor }, id, part) }),
  syncNow: async ({ deps, actor, input }) => ({ data: await syncListings({ deps, actor: actorInAsset(actor, input.asset) }, [input.id]) }),
  syncMultiple: async ({ deps, actor, input }) => ({
    data: await syncListings({ deps, actor: actorInAsset(actor, input.asset) }, input.listings),
  }),
  syncImages: async ({ deps, actor, input }) => ({ data: await syncListingImages({ deps, actor }, input.id) }),
  syncRun: async ({ deps, actor, input }) => ({ data: await listingSyncRun({ deps, actor }, input.id) }),
  checkPermit: async ({ deps, actor, input }) => ({ data: await checkListingPermit({ deps, actor }, input.id) }),
});
