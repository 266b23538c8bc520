import { listingQualifiesFor, PROPERTY_FINDER_PORTAL, type ListingMedia } from '@crm/domain';
import type { AppDeps } from '../../../../core/deps.js';
import type { Prisma } from '../../../../generated/prisma/client.js';
import { feedListingSelect } from '../../listing-feed-query.js';
import { accountConfig, accountIsComplete, listAccounts, type AccountRow } from '../../integration-accounts.js';
import { findIntegration } from '../../integration-record.js';
import { payloadHash, refKey, saveRef as saveExternalRef, type RefOwner } from '../../sync/external-ref.js';
import type { SyncWork } from '../../sync/sync-work.js';
import { pfSession, publishPfListing, unpublishPfListing, upsertPfListing, type PfSession } from './pf-client.js';
import { withListingLock } from './pf-listing-lock.js';
import { MEMBER_ENTITY } from './pf-members.js';

// One listing as Property Finder should have it, account by account (docs/api.md 'Property Finder accounts'):
// - which accounts: those where the listing's agent is a mapped user (assigned to that user's public profile); a
//   listing whose agent is mapped in none goes to the integration's first account;
// - a listing that qualifies (published, names Property Finder, enabled, a live Trakheesi permit) is sent as a draft
//   (`POST /v1/listings`, then `PUT /v1/listings/{id}`) and published when its account has 'Publish new listings'
//   (publishByDefault) on, else left a draft for the account's staff to publish; what was sent is kept as an
//   ExternalRef of that account (Property Finder's id, the payload's hash: sync/external-ref.ts), so an unchanged
//   listing is not sent again;
// - a listing that stops qualifying (Off-Market, Sold, Rented, switched off, deleted, its permit expired or invalid,
//   Property Finder taken off its portals) or moves to another account is unpublished there.
// Safe to run twice: each step reads the ExternalRef first and writes it after the provider answered. It runs in
// Property Finder's sync queue (propertyfinder-sync.ts: retries, rate limit, SyncRun).

export const LISTING_ENTITY = 'listing';

const listingSelect = {
  ...feedListingSelect,
  assetId: true,
  agentId: true,
  status: true,
  enabled: true,
  permitStatus: true,
  deletedAt: true,
} satisfies Prisma.ListingSelect;
type SyncListing = Prisma.ListingGetPayload<{ select: typeof listingSelect }>;

/** Per account: created (first sent), updated (sent again, changed), unchanged, unpublished, or skipped (nothing there). */
export type ListingSyncOutcome = 'created' | 'updated' | 'unchanged' | 'unpublished' | 'skipped';

const urls = (media: unknown) =>
  Array.isArray(media) ? (media as ListingMedia[]).flatMap((m) => (m && typeof m.url === 'string' ? [m.url] : [])) : [];

/** What Property Finder receives for the listing (the hash of this is what 'unchanged' compares). */
export function pfListingBody(listing: SyncListing, profileId: string | null) {
  return {
    reference: listing.reference,
    permitNumber: listing.permitNumber,
    offeringType: listing.leadType === 'Rent' ? 'rent' : 'sale',
    price: listing.price === null ? null : Number(listing.price),
    rentFrequency: listing.leadType === 'Rent' ? (listing.rentFrequency?.toLowerCase() ?? 'yearly') : null,
    type: listing.unitType,
    title: { en: listing.title, ar: listing.titleAr },
    description: { en: listing.description, ar: listing.descriptionAr },
    bedrooms: listing.bedrooms,
    bathrooms: listing.bathrooms,
    size: listing.size,
    furnishingType: listing.furnishing,
    location: { city: listing.city, community: listing.community, subCommunity: listing.subCommunity, building: listing.building },
    amenities: listing.amenities,
    images: urls(listing.images),
    ...(profileId ? { assignedTo: { id: profileId } } : {}),
  };
}

async function pushTo(deps: Deps, session: PfSession, listing: SyncListing, profileId: string | null): Promise<ListingSyncOutcome> {
  const { account } = session;
  const ref = await deps.db.externalRef.findUnique({ where: refKey(ownerOf(account), LISTING_ENTITY, listing.id) });
  const body = pfListingBody(listing, profileId);
  const hash = payloadHash(body);
  const target = accountConfig(account).publishByDefault === true ? 'published' : 'draft';
  if (ref?.externalId && ref.payloadHash === hash && ref.state === target) return 'unchanged';
  try {
    const externalId = await upsertPfListing(session, ref?.externalId ?? null, body);
    // Known before publishing: a failed publish then updates this listing instead of making a second one.
    await saveRef(deps, account, listing.id, { externalId, error: null });
    if (target === 'published') await publishPfListing(session, externalId);
    await saveRef(deps, account, listing.id, { externalId, payloadHash: hash, state: target, syncedAt: deps.clock.now(), error: null });
    return ref?.externalId ? 'updated' : 'created';
  } catch (error) {
    await saveRef(deps, account, listing.id, { error: error instanceof Error ? error.message.slice(0, 500) : String(error) });
    throw error;
  }
}

async function withdrawFrom(deps: Deps, session: PfSession, listingId: string): Promise<ListingSyncOutcome> {
  const { account } = session;
  const ref = await deps.db.externalRef.findUnique({ where: refKey(ownerOf(account), LISTING_ENTITY, listingId) });
  if (!ref?.externalId || ref.state === 'withdrawn') return 'skipped';
  await unpublishPfListing(session, ref.externalId);
  // The hash goes too: a listing that qualifies again is sent again.
  await saveRef(deps, account, listingId, { state: 'withdrawn', payloadHash: null, syncedAt: deps.clock.now(), error: null });
  return 'unpublished';
}

type Deps = Pick<AppDeps, 'db' | 'env' | 'log' | 'clock' | 'redis'>;

/** Where an account's references are kept (sync/external-ref.ts). */
export const ownerOf = (account: AccountRow): RefOwner => ({
  integrationId: account.integrationId,
  accountId: account.id,
  assetId: account.assetId,
  provider: account.provider,
});

const saveRef = (deps: Deps, account: AccountRow, listingId: string, data: Parameters<typeof saveExternalRef>[4]) =>
  saveExternalRef(deps, ownerOf(account), LISTING_ENTITY, listingId, data);

/** The accounts that should carry the listing (with the profile it is assigned to): its agent's, else the first. */
async function targetsOf(deps: Deps, accounts: AccountRow[], agentId: string | null) {
  const profiles = new Map<string, string | null>();
  if (agentId) {
    const refs = await deps.db.externalRef.findMany({
      where: { accountId: { in: accounts.map((a) => a.id) }, entity: MEMBER_ENTITY, entityId: agentId },
      select: { accountId: true, externalId: true },
    });
    for (const ref of refs) profiles.set(ref.accountId, ref.externalId);
  }
  const [main] = accounts;
  if (!profiles.size && main) profiles.set(main.id, null);
  return profiles;
}

/**
 * Brings Property Finder in line with one listing, in each complete account of its asset's enabled integration.
 * Answers each account's outcome; a provider failure throws (retryable or not, as callProvider says). `work`: the
 * sync run it is part of, whose paced calls it makes. One listing at a time (pf-listing-lock.ts).
 */
export async function syncListingToPropertyFinder(
  deps: Deps,
  assetId: string,
  listingId: string,
  work?: SyncWork,
): Promise<ListingSyncOutcome[]> {
  return withListingLock(deps, listingId, () => bringInLine(deps, assetId, listingId, work));
}

async function bringInLine(deps: Deps, assetId: string, listingId: string, work?: SyncWork): Promise<ListingSyncOutcome[]> {
  const integration = await findIntegration(deps, assetId, 'propertyfinder');
  if (!integration?.enabled) return [];
  const accounts = (await listAccounts(deps.db, integration.id)).filter((account) => accountIsComplete(deps, account));
  if (!accounts.length) return [];
  const listing = await deps.db.listing.findFirst({ where: { id: listingId, assetId }, select: listingSelect });
  const qualifies = listing !== null && listingQualifiesFor(listing, PROPERTY_FINDER_PORTAL, deps.clock.now());
  const targets = listing && qualifies ? await targetsOf(deps, accounts, listing.agentId) : new Map<string, string | null>();
  const outcomes: ListingSyncOutcome[] = [];
  for (const account of accounts) {
    if (listing && targets.has(account.id)) {
      outcomes.push(await pushTo(deps, await pfSession(deps, account, work), listing, targets.get(account.id) ?? null));
      continue;
    }
    const known = await deps.db.externalRef.count({
      where: { accountId: account.id, entity: LISTING_ENTITY, entityId: listingId, externalId: { not: null }, state: { not: 'withdrawn' } },
    });
    outcomes.push(known ? await withdrawFrom(deps, await pfSession(deps, account, work), listingId) : 'skipped');
  }
  return outcomes;
}
