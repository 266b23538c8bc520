import {
  LISTING_PUSH_INTEGRATION,
  LISTING_SYNC_RUN_KINDS,
  MESSAGES,
  UUID_PATTERN,
  type ListingFeedResult,
  type SyncRun,
} from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import type { AppDeps } from '../../core/deps.js';
import { authorize } from '../../resources/resource-access.js';
import type { ResourceCall } from '../../resources/resource.service.js';
import { requireIntegration } from '../integrations/integration-guard.js';
import { toSyncRun } from '../integrations/integration-sync.service.js';
import { queueListingPush } from '../integrations/listing-push.js';
import { listingResource } from './listing.resource.js';

// The feed calls (sync-now, sync-property-images, sync-multiple-listings): each queues a push of the asset's listings
// to Property Finder, the portal that takes listings through its API, as a background job (listing-push.ts) whose
// run the listing screens follow (GET sync-runs/{id}). Bayut and dubizzle read the signed XML feeds instead
// (listing-xml-feed.ts). Without Property Finder configured and on, these calls answer the guard's 409 naming it,
// never a success that did nothing.

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
  return { assetId, listingIds: rows.map((row) => row.id) };
}

/** PATCH sync-now/{id} and POST sync-multiple-listings. */
export async function syncListings(call: FeedCall, ids: string[]): Promise<ListingFeedResult> {
  const { assetId, listingIds } = await listingsOf(call, ids);
  const portal = await requireIntegration(call.deps, assetId, LISTING_PUSH_INTEGRATION);
  const runId = await queueListingPush(call.deps, portal, 'listings', listingIds);
  return { provider: portal.name, synced: listingIds.length, runId };
}

/** GET sync-property-images/{id}: the listing's pictures, in their order, sent again. */
export async function syncListingImages(call: FeedCall, id: string): Promise<ListingFeedResult> {
  const { assetId } = await listingsOf(call, [id]);
  const portal = await requireIntegration(call.deps, assetId, LISTING_PUSH_INTEGRATION);
  return { provider: portal.name, synced: 1, runId: await queueListingPush(call.deps, portal, 'listing-images', [id]) };
}

/**
 * GET sync-runs/{id}: a push run of the caller's asset, as the listing screens follow it (status, progress, error).
 * Readable with the listings permission: the integration's own sync-status needs the integrations one.
 */
export async function listingSyncRun(call: FeedCall, id: string): Promise<SyncRun> {
  const access = authorize(listingResource, call, 'read');
  const run = UUID_PATTERN.test(id)
    ? await call.deps.db.syncRun.findFirst({
        where: { id, assetId: access.assetId ?? '', provider: LISTING_PUSH_INTEGRATION, kind: { in: [...LISTING_SYNC_RUN_KINDS] } },
      })
    : null;
  if (!run) throw AppError.notFound(MESSAGES.record.notFound('Sync run'));
  return toSyncRun(run, LISTING_PUSH_INTEGRATION);
}
