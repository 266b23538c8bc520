// The words of the listing screens (docs/product.md 'Listings'), shared with the browser tests.
export const LISTING_TEXT = {
  sections: {
    details: 'Details',
    location: 'Location',
    media: 'Media',
    amenities: 'Amenities',
    permit: 'Permit',
    publishing: 'Publishing',
  },
  images: 'Images',
  floorPlans: 'Floor Plans',
  addImage: 'Add image',
  addFloorPlan: 'Add floor plan',
  noImages: 'No images yet: add them from Storage.',
  noFloorPlans: 'No floor plans yet.',
  mediaHint: 'Drag a handle to reorder, or focus it and press Space, the arrow keys, then Space. The cover is shown first on cards.',
  dragHandle: (name: string) => `Move ${name}`,
  removeFile: (name: string) => `Remove ${name}`,
  /** Starts with the button's visible text, so the name a voice user reads matches (WCAG 2.5.3). */
  makeCover: (name: string) => `Make cover: ${name}`,
  makeCoverShort: 'Make cover',
  cover: 'Cover',
  coverHint: 'Pick the cover in Storage; it is added to the images if it is not one of them yet.',
  fileNumber: (position: number) => `File ${position}`,
  tableView: 'Table',
  cardView: 'Cards',
  viewLabel: 'View',
  noCover: 'No cover image',
  coverAlt: (reference: string) => `Cover of listing ${reference}`,
  priceRange: 'Price',
  sizeRange: 'Size (sq ft)',
  permitFilter: 'Permit',
  agentFilter: 'Agent',
  tagsFilter: 'Tags',
  leads: 'Leads',
  enquiries: 'Enquiries',
  enquiryCount: (count: number) => `${count} ${count === 1 ? 'enquiry' : 'enquiries'}`,
  ownerSearch: 'Type a name to find the owner',
  syncNow: 'Sync now',
  syncImages: 'Sync images',
  checkPermit: 'Check permit',
  /** The bulk action of the listings list. */
  syncSelected: (count: number) => `Sync ${count} selected`,
  /** The status panel of a sync run (the listing's page, the listings list) and of the last permit check. */
  syncStatus: 'Sync status',
  syncKinds: { listings: 'Listings sent to Property Finder', 'listing-images': 'Pictures sent to Property Finder' } as Record<
    string,
    string
  >,
  /** A primary CRM's listings run (Property Finder's runs read as syncKinds). */
  crmSyncKind: (crm: string) => `Listings synced with ${crm}`,
  /** What a sync call started, naming the integrations its runs go to. */
  syncStarted: (integrations: readonly string[]) =>
    `Sync started with ${integrations.length > 1 ? `${integrations.slice(0, -1).join(', ')} and ${integrations.at(-1)}` : (integrations[0] ?? '')}`,
  syncRunStates: {
    queued: 'Waiting to start',
    running: 'Sending',
    retrying: 'Retrying after an error',
    completed: 'Done',
    failed: 'Failed',
  } as const,
  syncProgress: (done: number, total: number) => `${done} of ${total} ${total === 1 ? 'listing' : 'listings'}`,
  syncRefused: 'The sync did not start',
  permitChecked: (permit: string, valid: boolean) => `Permit ${permit}: ${valid ? 'valid' : 'not valid'}`,
  permitCheckFailed: 'The permit was not checked',
} as const;
