import { z } from 'zod';
import {
  ListingAmenitiesBodySchema,
  ListingFeedResultSchema,
  ListingImagesBodySchema,
  PermitCheckSchema,
  SyncRunSchema,
  UUID_PATTERN,
  listingContract,
  oneResponseSchema,
} from '@crm/domain';
import { resourceProcedures } from '../../resources/resource-procedures.js';
import { protectedProcedure, router } from '../../trpc/trpc.js';
import { listingSyncRun, syncListingImages, syncListings } from './listing-feed.service.js';
import { checkListingPermit } from './listing-permit.service.js';
import { updateListingPart } from './listing-parts.service.js';
import { listingResource } from './listing.resource.js';

// Listing calls, tRPC door onto the same services as listing.routes.ts, beside the engine's procedures. The
// services check permissions and tenancy, so the procedures only need a signed-in caller.

const id = z.string().max(100);
const record = oneResponseSchema(listingContract.row);
const feed = oneResponseSchema(ListingFeedResultSchema);

export const listingsRouter = router({
  ...resourceProcedures(listingResource),
  updateImages: protectedProcedure
    .input(ListingImagesBodySchema.extend({ id }))
    .output(record)
    .mutation(async ({ ctx, input: { id: listingId, ...part } }) => ({ data: await updateListingPart(ctx, listingId, part) })),
  updateAmenities: protectedProcedure
    .input(ListingAmenitiesBodySchema.extend({ id }))
    .output(record)
    .mutation(async ({ ctx, input: { id: listingId, ...part } }) => ({ data: await updateListingPart(ctx, listingId, part) })),
  syncNow: protectedProcedure
    .input(z.strictObject({ id }))
    .output(feed)
    .mutation(async ({ ctx, input }) => ({ data: await syncListings(ctx, [input.id]) })),
  syncMultiple: protectedProcedure
    .input(z.strictObject({ listings: z.array(z.string().regex(UUID_PATTERN)).min(1).max(500) }))
    .output(feed)
    .mutation(async ({ ctx, input }) => ({ data: await syncListings(ctx, input.listings) })),
  syncImages: protectedProcedure
    .input(z.strictObject({ id }))
    .output(feed)
    .mutation(async ({ ctx, input }) => ({ data: await syncListingImages(ctx, input.id) })),
  syncRun: protectedProcedure
    .input(z.strictObject({ id }))
    .output(oneResponseSchema(SyncRunSchema))
    .query(async ({ ctx, input }) => ({ data: await listingSyncRun(ctx, input.id) })),
  checkPermit: protectedProcedure
    .input(z.strictObject({ id }))
    .output(oneResponseSchema(PermitCheckSchema))
    .query(async ({ ctx, input }) => ({ data: await checkListingPermit(ctx, input.id) })),
});
