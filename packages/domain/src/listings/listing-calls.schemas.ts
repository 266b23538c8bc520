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

/**
 * What a feed call did: the integration that took it and how many listings it took; a push queued as a job names
 * its run (`sync-status/{provider}` shows its progress and outcome).
 */
export const ListingFeedResultSchema = z.object({ provider: z.string(), synced: z.number().int(), runId: z.string().optional() });
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
