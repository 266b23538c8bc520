import { z } from 'zod';
import { AMENITIES } from '../leads/amenities.js';
import { optionalId, UUID_PATTERN } from '../validation/zod-helpers.js';
import { LISTING_MEDIA_LIMITS } from './listing-enums.js';
import { PERMIT_STATUSES } from './listing-syndication.js';
import { listingFloorPlansInput, listingImagesInput } from './listing-media.js';

// The listing calls beside the generic ones (docs/api.md 'Listings'): bodies and answers of both doors.

/** PATCH images/{id}: the pictures and floor plans in display order, and the cover (one of the pictures). */
export const ListingImagesBodySchema = z.strictObject({
  images: listingImagesInput,
  floorPlans: listingFloorPlansInput.optional(),
  cover: optionalId('Cover'),
});
export type ListingImagesBody = z.infer<typeof ListingImagesBodySchema>;

/** PATCH amenities/{id}. */
export const ListingAmenitiesBodySchema = z.strictObject({
  amenities: z.array(z.enum(AMENITIES)).max(LISTING_MEDIA_LIMITS.MAX_AMENITIES),
});

/** PATCH sync-now/{id} {asset}; POST sync-multiple-listings {listings}. */
export const ListingSyncNowBodySchema = z.strictObject({ asset: z.string().optional() }).optional();
export const ListingSyncManyBodySchema = z.strictObject({
  listings: z.array(z.string().regex(UUID_PATTERN)).min(1).max(500),
  asset: z.string().optional(),
});

/** One run a feed call queued: the integration it runs for and its SyncRun (GET sync-runs/{runId} follows it). */
export const ListingFeedRunSchema = z.object({ provider: z.string(), runId: z.string() });
export type ListingFeedRun = z.infer<typeof ListingFeedRunSchema>;

/**
 * What a feed call did: the runs it queued (the asset's primary CRM first, then Property Finder) and how many
 * listings it took. `provider` and `runId` repeat the first run's, for clients that read one.
 */
export const ListingFeedResultSchema = z.object({
  provider: z.string(),
  synced: z.number().int(),
  runId: z.string().optional(),
  runs: z.array(ListingFeedRunSchema),
});
export type ListingFeedResult = z.infer<typeof ListingFeedResultSchema>;

/** GET trakheesi/{id}: the permit as the Dubai Land Department reports it (also stored on the listing). */
export const PermitCheckSchema = z.object({
  provider: z.string(),
  permitNumber: z.string(),
  valid: z.boolean(),
  status: z.enum(PERMIT_STATUSES),
  expiresAt: z.string().nullable(),
  checkedAt: z.string(),
});
export type PermitCheck = z.infer<typeof PermitCheckSchema>;
