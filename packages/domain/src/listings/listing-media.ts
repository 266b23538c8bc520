import { z } from 'zod';
import { MESSAGES } from '../messages/messages.js';
import { UUID_PATTERN } from '../validation/zod-helpers.js';
import { LISTING_MEDIA_LIMITS } from './listing-enums.js';

// A listing's pictures and floor plans are stored files picked in Storage. The body names them by id, in the order
// the agent arranged them; the record keeps each one's URL beside its id so lists and cards show them without a join.

/** One picture or floor plan as the listing answers it. */
export const ListingMediaSchema = z.object({
  file: z.string(),
  url: z.string(),
  thumbnail: z.string().nullable(),
});
export type ListingMedia = z.infer<typeof ListingMediaSchema>;

const fileId = (label: string) => z.string().regex(UUID_PATTERN, { error: MESSAGES.lead.invalidOption(label) });

/** The stored files' ids in display order, each once. */
export function mediaIds(label: string, max: number) {
  return z
    .array(fileId(label))
    .max(max, { error: `At most ${max} ${label.toLowerCase()}.` })
    .refine((ids) => new Set(ids).size === ids.length, { error: `${label} may not repeat a file.` });
}

export const listingImagesInput = mediaIds('Images', LISTING_MEDIA_LIMITS.MAX_IMAGES);
export const listingFloorPlansInput = mediaIds('Floor plans', LISTING_MEDIA_LIMITS.MAX_FLOOR_PLANS);
