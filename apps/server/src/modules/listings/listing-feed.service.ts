import { LISTING_FEED_INTEGRATIONS, LISTING_MESSAGES, MESSAGES, UUID_PATTERN, type ListingFeedResult } from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import type { AppDeps } from '../../core/deps.js';
import { authorize } from '../../resources/resource-access.js';
import type { ResourceCall } from '../../resources/resource.service.js';
import { findIntegration, statusOf } from '../integrations/integration-record.js';
import { queueListingPush } from '../integrations/listing-push.js';
import { listingResource } from './listing.resource.js';

// The feed calls (sync-now, sync-property-images, sync-multiple-listings): each hands the asset's listings to the
// integration enabled for it. Property Finder, once configured and on, gets them pushed by a job (listing-push.ts);
// the other portals read the signed XML feeds (listing-xml-feed.ts), so without Property Finder these calls answer
// 409 naming what is missing, never a success that did nothing.

type FeedName = (typeof LISTING_FEED_INTEGRATIONS)[number];

export interface ListingFeedProvider {
  syncListings(deps: AppDeps, input: { assetId: string; listingIds: string[]; config: unknown }): Promise<{ synced: number }>;
  syncImages(deps: AppDeps, input: { assetId: string; listingId: string; config: unknown }): Promise<{ synced: number }>;
}

/** Providers built into this release, by integration name: none yet, each one is added here. */
export const LISTING_FEED_PROVIDERS: Partial<Record<FeedName, ListingFeedProvider>> = {};

export interface FeedCall extends ResourceCall {
  deps: AppDeps;
}

const notFound = () => AppError.notFound(MESSAGES.record.notFound('Listing'));

/** The asset's live listings named by `ids` (all of them, else 404 naming none). */
async function listingsOf(call: FeedCall, ids: string[]) {
  const access = authorize(listingResource, call, 'update');
  const assetId = access.assetId ?? '';
  const unique = [...new Set(ids)];
  if (unique.some((id) => !UUID_PATTERN.test(id))) throw notFound();
  const rows = await call.deps.db.listing.findMany({
    where: { id: { in: unique }, assetId, deletedAt: null },
    select: { id: true },
  });
  if (rows.length !== unique.length) throw notFound();
  return { assetId, rows };
}

async function enabledFeed(call: FeedCall, assetId: string): Promise<{ name: FeedName; provider: ListingFeedProvider; config: unknown }> {
  const config = await call.deps.db.integrationConfig.findFirst({
    where: { assetId, enabled: true, name: { in: [...LISTING_FEED_INTEGRATIONS] } },
    orderBy: { name: 'asc' },
  });
  if (!config) throw AppError.conflict(LISTING_MESSAGES.noFeedIntegration, { integrations: [...LISTING_FEED_INTEGRATIONS] });
  const name = config.name as FeedName;
  const provider = LISTING_FEED_PROVIDERS[name];
  if (!provider) throw AppError.conflict(LISTING_MESSAGES.feedUnavailable(name), { integration: name });
  return { name, provider, config: config.config };
}

/** Property Finder when the asset has configured it and switched it on: its pushes run as jobs. */
async function listingPortal(call: FeedCall, assetId: string) {
  const row = await findIntegration(call.deps, assetId, 'propertyfinder');
  return row?.enabled && statusOf(row) !== 'not_configured' ? row : null;
}

/** PATCH sync-now/{id} and POST sync-multiple-listings. */
export async function syncListings(call: FeedCall, ids: string[]): Promise<ListingFeedResult> {
  const { assetId, rows } = await listingsOf(call, ids);
  const portal = await listingPortal(call, assetId);
  if (portal) {
    const listingIds = rows.map((r) => r.id);
    const runId = await queueListingPush(call.deps, portal, 'listings', listingIds);
    return { provider: portal.name, synced: listingIds.length, runId };
  }
  const feed = await enabledFeed(call, assetId);
  const outcome = await feed.provider.syncListings(call.deps, { assetId, listingIds: rows.map((r) => r.id), config: feed.config });
  return { provider: feed.name, synced: outcome.synced };
}

/** GET sync-property-images/{id}: the listing's pictures from the feed. */
export async function syncListingImages(call: FeedCall, id: string): Promise<ListingFeedResult> {
  const { assetId } = await listingsOf(call, [id]);
  const portal = await listingPortal(call, assetId);
  if (portal) return { provider: portal.name, synced: 1, runId: await queueListingPush(call.deps, portal, 'listing-images', [id]) };
  const feed = await enabledFeed(call, assetId);
  const outcome = await feed.provider.syncImages(call.deps, { assetId, listingId: id, config: feed.config });
  return { provider: feed.name, synced: outcome.synced };
}
