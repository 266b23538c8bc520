import { demoId, type DemoAssetKey, type DemoSlot, type ListingFixture } from '../../core/demo-data.js';
import type { DbTx } from '../../db/prisma.js';
import { DEMO_LISTINGS } from './listing.demo-data.js';
import { demoListingDetails } from './listing-demo.js';

// The demo listings of an asset (docs/api.md 'Demo data'), written as rows with stable ids and references
// (`MAR-S-1001`: the asset's prefix, sale or rent, 1001 + the listing's place), with the brokerage details of
// listing-demo.ts.

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
