import type { AppDeps } from '../../core/deps.js';
import type { IntegrationRow } from './integration-record.js';
import { queueSyncRun } from './sync/sync-queue.js';

// Listings pushed to Property Finder (sync-now, sync-property-images, sync-multiple-listings): each call is a run of
// Property Finder's `listings` sync for those listings, in its provider queue under a deterministic job id, so a
// repeat while one is queued, retrying or running joins it; sync-status/propertyfinder shows its progress and outcome.
// Each listing is brought in line in every account (sent when changed, unpublished when withdrawn); a Property Finder
// 5xx or 429 is retried by the queue (providers/propertyfinder/propertyfinder-sync.ts).

export type ListingPushKind = 'listings' | 'listing-images';

/** Queues the push (or joins the one already queued for the same listings); answers its SyncRun id. */
export function queueListingPush(
  deps: Pick<AppDeps, 'db' | 'jobs' | 'clock'>,
  row: IntegrationRow,
  kind: ListingPushKind,
  listingIds: string[],
): Promise<string> {
  // Pictures travel with the listing: an images sync is the listing's push.
  return queueSyncRun(deps, row, ['listings'], listingIds, { kind });
}
