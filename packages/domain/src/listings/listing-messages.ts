import { LISTING_FEED_INTEGRATIONS } from './listing-enums.js';

// Every text the listing screens show and the listing calls answer with, word for word (docs/product.md 'Listings').
export const LISTING_MESSAGES = {
  rentFrequencyOnlyForRent: 'Only a rent listing has a rent frequency.',
  permitExpiryRequired: 'Permit expiry is required with a permit number.',
  coverNotAnImage: 'The cover must be one of the listing images.',
  duplicateReference: (reference: string) => `A listing with reference '${reference}' already exists.`,
  /** The feed calls while no listing feed is enabled for the asset. */
  noFeedIntegration: `No listing feed integration is enabled for this asset (${LISTING_FEED_INTEGRATIONS.join(', ')}).`,
  /** An enabled feed integration this release cannot talk to yet. */
  feedUnavailable: (name: string) => `The '${name}' listing feed integration is enabled but not available in this release.`,
  noPermitNumber: 'This listing has no permit number.',
  imagesSaved: 'Images have been updated successfully',
  amenitiesSaved: 'Amenities have been updated successfully',
  permitMissing: 'Missing',
  permitExpired: 'Expired',
  permitExpiring: 'Expiring',
  permitValid: 'Valid',
} as const;
