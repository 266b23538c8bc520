// Every text the listing screens show and the listing calls answer with, word for word (docs/product.md 'Listings').
export const LISTING_MESSAGES = {
  rentFrequencyOnlyForRent: 'Only a rent listing has a rent frequency.',
  permitExpiryRequired: 'Permit expiry is required with a permit number.',
  coverNotAnImage: 'The cover must be one of the listing images.',
  duplicateReference: (reference: string) => `A listing with reference '${reference}' already exists.`,
  noPermitNumber: 'This listing has no permit number.',
  imagesSaved: 'Images have been updated successfully',
  amenitiesSaved: 'Amenities have been updated successfully',
  permitMissing: 'Missing',
  permitExpired: 'Expired',
  permitExpiring: 'Expiring',
  permitValid: 'Valid',
} as const;
