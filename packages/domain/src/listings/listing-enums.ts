// The fixed vocabularies of a listing (the words Dubai's portals and RERA use), shared by the form, the filters
// and the server's validation.

/** What the owner wants: the listing's purpose (stored as `leadType`, which the lead form copies). */
export const LISTING_PURPOSES = ['Sale', 'Rent'] as const;
export type ListingPurpose = (typeof LISTING_PURPOSES)[number];

/** How often the rent is paid; a rent listing names one. */
export const RENT_FREQUENCIES = ['Yearly', 'Monthly', 'Weekly', 'Daily'] as const;

export const FURNISHINGS = ['Furnished', 'Semi-Furnished', 'Unfurnished'] as const;

export const COMPLETION_STATUSES = ['Ready', 'Off-Plan'] as const;

/** Draft until published; Off-Market, Sold and Rented take it off the portals. */
export const LISTING_STATUSES = ['Draft', 'Published', 'Off-Market', 'Sold', 'Rented'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/** The portals a listing may be published to (each one fed by its integration). */
export const LISTING_PORTALS = ['Property Finder', 'Bayut', 'Dubizzle', 'Website'] as const;

/**
 * The integration the sync calls push listings to (Property Finder's API); Bayut and dubizzle read the signed feeds
 * instead, so no sync call needs them.
 */
export const LISTING_PUSH_INTEGRATION = 'propertyfinder' as const;
/** What a push run of the sync calls is (SyncRun.kind): the listings, or only their pictures. */
export const LISTING_SYNC_RUN_KINDS = ['listings', 'listing-images'] as const;
/** The integration that checks a Trakheesi permit with the Dubai Land Department. */
export const PERMIT_INTEGRATION = 'trakheesi' as const;

/** A permit that ends within this many days is 'expiring' on the list's permit filter. */
export const PERMIT_EXPIRING_DAYS = 30;

export const LISTING_MEDIA_LIMITS = { MAX_IMAGES: 50, MAX_FLOOR_PLANS: 20, MAX_TAGS: 30, MAX_AMENITIES: 100 } as const;
