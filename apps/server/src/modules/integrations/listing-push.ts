import { createHash } from 'node:crypto';
import type { AppDeps } from '../../core/deps.js';
import { integrationSyncJob } from './integration-sync.job.js';
import type { IntegrationRow } from './integration-record.js';
import { syncListingToPropertyFinder } from './providers/propertyfinder/pf-listing-sync.js';

// Listings pushed to Property Finder's Enterprise API on request (sync-now, sync-property-images,
// sync-multiple-listings): each call is one SyncRun worked by the integration-sync job under a deterministic job id,
// so repeats while one is queued merge into it; sync-status/propertyfinder shows its progress and outcome.

export type ListingPushKind = 'listings' | 'listing-images';

/** The job id of a push: one per listing (or set of listings) and kind. */
export function listingPushJobId(kind: ListingPushKind, listingIds: string[]): string {
  const key =
    listingIds.length === 1
      ? listingIds[0]
      : createHash('sha256')
          .update([...listingIds].sort().join(','))
          .digest('hex')
          .slice(0, 32);
  return `${kind === 'listings' ? 'listing-push' : 'listing-images'}-propertyfinder-${key}`;
}

/** Queues the push (or joins the one already queued for the same listings); answers its SyncRun id. */
export async function queueListingPush(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  row: IntegrationRow,
  kind: ListingPushKind,
  listingIds: string[],
): Promise<string> {
  const jobId = listingPushJobId(kind, listingIds);
  const run = await deps.db.syncRun.create({
    data: { assetId: row.assetId, integrationId: row.id, provider: row.name, kind, progressTotal: listingIds.length },
  });
  const payload = { syncRunId: run.id, listingIds };
  let job = await deps.jobs.enqueue(integrationSyncJob, payload, { jobId });
  if (job.data?.syncRunId === run.id) return run.id;
  // The id is taken: by a push still waiting or running (join it), or by a finished one (start again).
  const earlier = await deps.db.syncRun.findUnique({ where: { id: String(job.data?.syncRunId) } });
  const live = earlier && (earlier.status === 'queued' || earlier.status === 'running');
  if (
    live ||
    !(await job.remove().then(
      () => true,
      () => false,
    ))
  ) {
    await deps.db.syncRun.delete({ where: { id: run.id } });
    return earlier?.id ?? run.id;
  }
  job = await deps.jobs.enqueue(integrationSyncJob, payload, { jobId });
  return run.id;
}

/**
 * Brings each listing in line at Property Finder, in every complete account of the asset (pf-listing-sync.ts: sent
 * when it qualifies and changed, unpublished when withdrawn). Answers how many were sent or unpublished.
 */
export async function pushListingsToPropertyFinder(
  deps: Pick<AppDeps, 'db' | 'env' | 'clock' | 'log'>,
  row: IntegrationRow,
  listingIds: string[],
  progress: (done: number) => Promise<void>,
): Promise<number> {
  let sent = 0;
  for (const [i, listingId] of listingIds.entries()) {
    const outcomes = await syncListingToPropertyFinder(deps, row.assetId, listingId);
    if (outcomes.some((outcome) => outcome === 'sent' || outcome === 'unpublished')) sent += 1;
    await progress(i + 1);
  }
  return sent;
}
