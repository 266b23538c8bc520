import { UnrecoverableError } from 'bullmq';
import { z } from 'zod';
import type { AppDeps } from '../../../../core/deps.js';
import { defineJob } from '../../../../core/jobs/job-definition.js';
import { ProviderCallError } from '../../provider-call.js';
import { syncListingToPropertyFinder } from './pf-listing-sync.js';

// A listing written (created, changed, deleted, restored, imported) or withdrawn by the permit check, brought in
// line at Property Finder in a job (pf-listing-sync.ts). One job per listing: writes while one waits join it, a
// write while it runs queues one more (BullMQ deduplication keepLastIfActive), so the last state is always sent.
// 408, 429, 5xx and timeouts retry (5 attempts, backoff doubling from 30 s); a refusal does not.

export const PF_LISTING_SYNC_JOB_ID = 'pf-listing-sync';

export const pfListingSyncJob = defineJob({
  id: PF_LISTING_SYNC_JOB_ID,
  payload: z.strictObject({ assetId: z.uuid(), listingId: z.uuid() }),
  concurrency: 2,
  attempts: 5,
  backoffMs: 30_000,
  handle: async ({ assetId, listingId }, { deps }) => {
    try {
      return { outcomes: await syncListingToPropertyFinder(deps, assetId, listingId) };
    } catch (error) {
      if (error instanceof ProviderCallError && !error.retryable) throw new UnrecoverableError(error.message);
      throw error;
    }
  },
});

export const listingPushKey = (listingId: string) => `listing-push-propertyfinder-${listingId}`;

/** Queues each listing's sync, debounced by LISTING_SYNDICATION_DELAY_MS. */
export async function queuePropertyFinderListingSync(deps: Pick<AppDeps, 'jobs' | 'env'>, assetId: string, listingIds: readonly string[]) {
  await deps.jobs.enqueueMany(
    pfListingSyncJob,
    listingIds.map((listingId) => ({
      payload: { assetId, listingId },
      opts: {
        delay: deps.env.LISTING_SYNDICATION_DELAY_MS,
        deduplication: { id: listingPushKey(listingId), keepLastIfActive: true },
      },
    })),
  );
}
