import { COMPLETION_STATUSES, FURNISHINGS, type ListingStatus, rentFrequencyFor } from '@crm/domain';
import { demoId, type DemoAssetKey, type DemoSlot, type ListingFixture } from '../../core/demo-data.js';
import type { DbTx } from '../../db/prisma.js';
import { DEMO_LISTINGS } from './listing.demo-data.js';

// The demo listings of an asset (docs/api.md 'Demo data'), written as rows with stable ids and references
// (`MAR-S-1001`: the asset's prefix, sale or rent, 1001 + the listing's place). Their brokerage details vary by
// place so the list's filters have something to find: statuses, permits missing, expired, expiring and valid, tags.

const DAY_MS = 24 * 60 * 60 * 1000;
const STATUSES: readonly ListingStatus[] = ['Published', 'Published', 'Draft', 'Off-Market', 'Published'];
const PERMIT_DAYS: readonly (number | null)[] = [null, 14, 180, -10];
const TAGS: readonly (readonly string[])[] = [['sea view'], ['vacant'], ['sea view', 'upgraded'], []];

function demoListingDetails(i: number, listing: { leadType: string; bedrooms: number | null }, now: Date) {
  const status = STATUSES[i % STATUSES.length] ?? 'Draft';
  const permitDays = PERMIT_DAYS[i % PERMIT_DAYS.length] ?? null;
  return {
    status,
    rentFrequency: rentFrequencyFor(listing.leadType, null),
    completionStatus: COMPLETION_STATUSES[i % 5 === 3 ? 1 : 0],
    furnishing: FURNISHINGS[i % FURNISHINGS.length],
    size: 650 + (listing.bedrooms ?? 0) * 550 + (i % 3) * 35,
    parking: 1 + (i % 2),
    permitNumber: permitDays === null ? null : `7117${String(100_000 + i)}`,
    permitExpiresAt: permitDays === null ? null : new Date(now.getTime() + permitDays * DAY_MS),
    // As a Trakheesi check would have left it.
    permitStatus: permitDays === null ? 'unchecked' : permitDays > 0 ? 'valid' : 'expired',
    permitCheckedAt: permitDays === null ? null : now,
    tags: [...(TAGS[i % TAGS.length] ?? [])],
    portals: status === 'Published' ? ['Property Finder', 'Bayut'] : [],
  };
}

/** The places each member's listings are in (a member's areas). */
export function demoListingAreas(key: DemoAssetKey, slot: DemoSlot): string[] {
  return [...new Set(DEMO_LISTINGS[key].listings.filter((listing) => listing.agent === slot).map((listing) => listing.location))];
}

/** Writes the asset's listings; each listing's fixture with its id, in the demo's order. */
export async function seedDemoListings(
  tx: DbTx,
  ctx: { key: DemoAssetKey; assetId: string; companyId: string; now: Date; members: ReadonlyMap<DemoSlot, string> },
): Promise<(ListingFixture & { id: string })[]> {
  const { refPrefix, listings: fixtures } = DEMO_LISTINGS[ctx.key];
  const listings = fixtures.map((listing, i) => ({ ...listing, id: demoId(`${ctx.key}:listing:${i}`) }));
  await tx.listing.createMany({
    data: listings.map((listing, i) => ({
      companyId: ctx.companyId,
      assetId: ctx.assetId,
      id: listing.id,
      reference: `${refPrefix}-${listing.leadType === 'Sale' ? 'S' : 'R'}-${1001 + i}`,
      title: listing.title,
      leadType: listing.leadType,
      unitType: listing.unitType,
      country: 'United Arab Emirates',
      city: 'Dubai',
      location: listing.location,
      subLocation: listing.subLocation,
      community: listing.community,
      bedrooms: listing.bedrooms,
      bathrooms: listing.bathrooms,
      price: listing.price,
      amenities: listing.amenities,
      agentId: ctx.members.get(listing.agent) ?? null,
      sourceDataId: `${refPrefix}-PF-${5001 + i}`,
      ...demoListingDetails(i, listing, ctx.now),
    })),
  });
  return listings;
}
