import {
  LISTING_PUSH_INTEGRATION,
  LISTING_SYNC_RUN_KINDS,
  MESSAGES,
  PRIMARY_CRMS,
  UUID_PATTERN,
  type IntegrationProviderName,
  type ListingFeedResult,
  type ListingFeedRun,
  type SyncRun,
} from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import type { AppDeps } from '../../core/deps.js';
import { authorize } from '../../resources/resource-access.js';
import type { ResourceCall } from '../../resources/resource.service.js';
import {
  integrationUnavailable,
  requireIntegration,
  type IntegrationRow,
  toSyncRun,
  queueListingPush,
  type ListingPushKind,
  primaryCrmOf,
  queueCrmSync,
  requirePrimaryCrm,
  canSync,
} from '../integrations/index.js';
import { listingResource } from './listing.resource.js';

// The feed calls (sync-now, sync-property-images, sync-multiple-listings) queue background runs whose progress the
// listing screens follow (GET sync-runs/{id}). Sync-now and sync-multiple-listings go to the asset's primary CRM (the
// lead setting `primaryCrm`) when it is usable and syncs listings (a run of its `listings` for those listings), then
// to Property Finder, the portal that takes listings through its API, when it is configured and on (listing-push.ts).
// Bayut and dubizzle read the signed XML feeds instead (listing-xml-feed.ts). When neither takes them the call
// answers the guard's 409 (the CRM's when it is set but unusable, else Property Finder's), never a success that did
// nothing. Pictures go to Property Finder only.

export interface FeedCall extends ResourceCall {
  deps: AppDeps;
}

/** The providers whose `listings` runs a listing screen may follow: Property Finder and the CRMs. */
const LISTING_RUN_PROVIDERS: readonly IntegrationProviderName[] = [
  LISTING_PUSH_INTEGRATION,
  ...PRIMARY_CRMS.filter((crm) => crm !== 'none'),
];

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

/** A run queued, or the guard's 409 saying why the integration cannot take it; null: the integration does not apply. */
type Queued = { run: ListingFeedRun } | { refusal: AppError } | null;

/** The integration row when the guard lets it be used; its 409 as a refusal (anything else is thrown). */
async function usable(guard: () => Promise<IntegrationRow>): Promise<IntegrationRow | AppError> {
  try {
    return await guard();
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT') return error;
    throw error;
  }
}

/** The primary CRM's run of `listings` for the listings, when the asset names a CRM that syncs them. */
async function queueCrmListings(deps: AppDeps, assetId: string, listingIds: string[]): Promise<Queued> {
  const crm = await primaryCrmOf(deps, assetId);
  if (!crm || !canSync(crm, 'listings')) return null;
  const row = await usable(() => requirePrimaryCrm(deps, assetId));
  if (row instanceof AppError) return { refusal: row };
  return { run: { provider: crm, runId: await queueCrmSync(deps, row, 'listings', listingIds) } };
}

/** Property Finder's push of the listings (or their pictures), when it is configured and on. */
async function queuePortalPush(deps: AppDeps, assetId: string, kind: ListingPushKind, listingIds: string[]): Promise<Queued> {
  const row = await usable(() => requireIntegration(deps, assetId, LISTING_PUSH_INTEGRATION));
  if (row instanceof AppError) return { refusal: row };
  return { run: { provider: row.name, runId: await queueListingPush(deps, row, kind, listingIds) } };
}

/** The answer of the runs queued; none queued: the first refusal (the CRM's before Property Finder's). */
function feedResult(queued: Queued[], synced: number): ListingFeedResult {
  const runs = queued.flatMap((entry) => (entry && 'run' in entry ? [entry.run] : []));
  const [first] = runs;
  if (!first) {
    const refusals = queued.flatMap((entry) => (entry && 'refusal' in entry ? [entry.refusal] : []));
    throw refusals[0] ?? integrationUnavailable(LISTING_PUSH_INTEGRATION, 'NOT_CONFIGURED');
  }
  return { provider: first.provider, synced, runId: first.runId, runs };
}

/** PATCH sync-now/{id} and POST sync-multiple-listings: the primary CRM's run, then Property Finder's push. */
export async function syncListings(call: FeedCall, ids: string[]): Promise<ListingFeedResult> {
  const { assetId, listingIds } = await listingsOf(call, ids);
  const crm = await queueCrmListings(call.deps, assetId, listingIds);
  const portal = await queuePortalPush(call.deps, assetId, 'listings', listingIds);
  return feedResult([crm, portal], listingIds.length);
}

/** GET sync-property-images/{id}: the listing's pictures, in their order, sent again. */
export async function syncListingImages(call: FeedCall, id: string): Promise<ListingFeedResult> {
  const { assetId } = await listingsOf(call, [id]);
  return feedResult([await queuePortalPush(call.deps, assetId, 'listing-images', [id])], 1);
}

/**
 * GET sync-runs/{id}: a listings run of the caller's asset (Property Finder's or a CRM's), as the listing screens follow it (status, progress, error).
 * Readable with the listings permission: the integration's own sync-status needs the integrations one.
 */
export async function listingSyncRun(call: FeedCall, id: string): Promise<SyncRun> {
  const access = authorize(listingResource, call, 'read');
  const run = UUID_PATTERN.test(id)
    ? await call.deps.db.syncRun.findFirst({
        where: {
          id,
          assetId: access.assetId ?? '',
          provider: { in: [...LISTING_RUN_PROVIDERS] },
          kind: { in: [...LISTING_SYNC_RUN_KINDS] },
        },
      })
    : null;
  if (!run) throw AppError.notFound(MESSAGES.record.notFound('Sync run'));
  return toSyncRun(run, run.provider as IntegrationProviderName);
}
