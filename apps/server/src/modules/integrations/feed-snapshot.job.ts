import { z } from 'zod';
import { PARTNER_FEED_PROVIDERS, FEED_PORTALS, type IntegrationProviderName } from '@crm/domain';
import type { AppDeps } from '../../core/deps.js';
import { defineJob } from '../../core/jobs/job-definition.js';
import { buildFeedSnapshot } from './feed-snapshot.js';
import { feedSecretOf, servesFeed } from './feed-token.js';
import { statusOf, type IntegrationRow } from './integration-record.js';
import { queueSyncRun } from './sync/sync-queue.js';

// The feed rebuild after listing writes (docs/api.md 'Listing feeds'): one job per feed, queued
// LISTING_SYNDICATION_DELAY_MS after the first write of a burst; writes while it waits join it, a write while it
// builds queues one more build (BullMQ deduplication keepLastIfActive), so the snapshot always ends with the last
// write in it. Safe to run twice: a build replaces the snapshot with what the database holds.

export const FEED_SNAPSHOT_JOB_ID = 'feed-snapshot';

export const feedSnapshotJob = defineJob({
  id: FEED_SNAPSHOT_JOB_ID,
  bulk: true,
  payload: z.strictObject({ integrationId: z.uuid() }),
  attempts: 3,
  backoffMs: 5_000,
  handle: async ({ integrationId }, { deps }) => {
    const row = await deps.db.integrationConfig.findUnique({ where: { id: integrationId } });
    if (!row?.enabled || !servesFeed(row.name as IntegrationProviderName) || !feedSecretOf(deps, row)) return { skipped: true };
    const snapshot = await buildFeedSnapshot(deps, row);
    return { listings: snapshot.listings, bytes: snapshot.bytes };
  },
});

type QueueDeps = Pick<AppDeps, 'jobs' | 'env' | 'log'>;

/** Queues the feed's rebuild (joining one already waiting); `now` skips the wait (the integration itself changed). */
export async function queueFeedRebuild(deps: QueueDeps, row: Pick<IntegrationRow, 'id'>, now = false) {
  try {
    await deps.jobs.enqueue(
      feedSnapshotJob,
      { integrationId: row.id },
      {
        delay: now ? 0 : deps.env.LISTING_SYNDICATION_DELAY_MS,
        deduplication: { id: `${FEED_SNAPSHOT_JOB_ID}-${row.id}`, keepLastIfActive: true },
      },
    );
  } catch (error) {
    // The snapshot goes stale by its own clock (staleAt) and is rebuilt on a pull: a lost rebuild is late, not lost.
    deps.log.warn({ integrationId: row.id, err: error instanceof Error ? error.message : String(error) }, 'feed rebuild not queued');
  }
}

const FEED_PROVIDERS = [...Object.keys(FEED_PORTALS), ...PARTNER_FEED_PROVIDERS];
/** The most listings one run carries (the sync job's payload limit). */
const RUN_LISTINGS = 500;

/**
 * Listings of an asset were written (or withdrawn): every enabled feed of the asset is rebuilt and Property Finder
 * brought in line, after the debounce: a run of its `listings` sync for those listings in its provider queue
 * (sync/sync-queue.ts; writes while it waits join it, a write while it runs queues one more to follow). Never
 * throws: the write has committed.
 */
export async function listingsChanged(
  deps: Pick<AppDeps, 'db' | 'jobs' | 'env' | 'log' | 'clock'>,
  assetId: string,
  listingIds: readonly string[],
) {
  try {
    const rows = await deps.db.integrationConfig.findMany({
      where: { assetId, enabled: true, name: { in: [...FEED_PROVIDERS, 'propertyfinder'] } },
    });
    for (const row of rows) if (row.name !== 'propertyfinder') await queueFeedRebuild(deps, row);
    const pf = rows.find((row) => row.name === 'propertyfinder');
    if (!pf || statusOf(pf) === 'not_configured') return;
    for (let i = 0; i < listingIds.length; i += RUN_LISTINGS) {
      await queueSyncRun(deps, pf, ['listings'], listingIds.slice(i, i + RUN_LISTINGS), {
        delayMs: deps.env.LISTING_SYNDICATION_DELAY_MS,
        followRunning: true,
      });
    }
  } catch (error) {
    deps.log.warn({ assetId, err: error instanceof Error ? error.message : String(error) }, 'listing syndication not queued');
  }
}
