import { FEED_PORTALS, type FeedPortalProvider } from '@crm/domain';
import type { Db } from '../../db/prisma.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { storedConfig, type IntegrationRow } from './integration-record.js';

// Which listings a feed carries, read in keyset pages (id order) so a feed of any size holds one page in memory:
// pages of 100, whose text stays under V8's large-object size (a page of 500 went straight to the old generation and
// took the 100,000-listing feed's peak from 278 to 306 MB, npm run bench).
// A Bayut-group portal gets the listings published to it with a valid, unexpired Trakheesi permit; a partner gets
// the asset's published listings its filter picks, a Dubai one only with a live permit too.

export const FEED_PAGE_SIZE = 100;

export const feedListingSelect = {
  id: true,
  reference: true,
  title: true,
  titleAr: true,
  description: true,
  descriptionAr: true,
  leadType: true,
  rentFrequency: true,
  unitType: true,
  completionStatus: true,
  furnishing: true,
  price: true,
  size: true,
  bedrooms: true,
  bathrooms: true,
  parking: true,
  city: true,
  community: true,
  subCommunity: true,
  location: true,
  subLocation: true,
  building: true,
  latitude: true,
  longitude: true,
  amenities: true,
  images: true,
  floorPlans: true,
  permitNumber: true,
  permitExpiresAt: true,
  portals: true,
  updatedAt: true,
  agent: { select: { name: true, email: true, phone: true } },
} satisfies Prisma.ListingSelect;
export type FeedListing = Prisma.ListingGetPayload<{ select: typeof feedListingSelect }>;

export function feedWhere(row: IntegrationRow, now: Date): Prisma.ListingWhereInput {
  const live: Prisma.ListingWhereInput = { permitStatus: 'valid', permitExpiresAt: { gt: now } };
  const base: Prisma.ListingWhereInput = { assetId: row.assetId, deletedAt: null, enabled: true, status: 'Published' };
  if (row.name in FEED_PORTALS) return { ...base, portals: { has: FEED_PORTALS[row.name as FeedPortalProvider] }, ...live };
  const filter = storedConfig(row).listingFilter;
  const picked: Prisma.ListingWhereInput =
    filter === 'sale'
      ? { leadType: 'Sale' }
      : filter === 'rent'
        ? { leadType: 'Rent' }
        : filter === 'offplan'
          ? { completionStatus: 'Off-Plan' }
          : {};
  const dubaiNeedsPermit: Prisma.ListingWhereInput = {
    OR: [{ city: null }, { NOT: { city: { equals: 'Dubai', mode: 'insensitive' } } }, live],
  };
  return { ...base, ...picked, AND: [dubaiNeedsPermit] };
}

/** The feed's listings, page by page in id order. */
export async function* feedListings(db: Db, where: Prisma.ListingWhereInput, pageSize = FEED_PAGE_SIZE): AsyncGenerator<FeedListing[]> {
  let after: string | null = null;
  for (;;) {
    const page: FeedListing[] = await db.listing.findMany({
      where: after ? { AND: [where, { id: { gt: after } }] } : where,
      select: feedListingSelect,
      orderBy: { id: 'asc' },
      take: pageSize,
    });
    if (!page.length) return;
    yield page;
    if (page.length < pageSize) return;
    after = page[page.length - 1]?.id ?? null;
  }
}
