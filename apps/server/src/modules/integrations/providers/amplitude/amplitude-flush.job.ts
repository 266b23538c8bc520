import { z } from 'zod';
import type { AppDeps } from '../../../../core/deps.js';
import { defineJob } from '../../../../core/jobs/job-definition.js';
import { providerJobPolicy } from '../../provider-job-policy.js';
import { activeIntegration, asProviderJob } from '../../active-integration.js';
import { sendEvents } from './amplitude-client.js';

// The asset's pending product events to Amplitude in batches (product-events.ts marks them pending). The first event
// of a window queues one job for the window's end (its id names the asset and the window, so later events of the
// window join it); the job sends every pending event of the asset, oldest first, 500 a request, and clears them. A
// job run twice sends nothing twice: a batch is cleared once Amplitude took it, and its insert_ids make Amplitude drop
// a batch it got but we did not hear of. Events older than 30 days are removed here too.

export const AMPLITUDE_BATCH_WINDOW_MS = 5_000;
const BATCH_SIZE = 500;
const KEEP_DAYS = 30;

export const amplitudeFlushJob = defineJob({
  id: 'amplitude-flush',
  payload: z.strictObject({ assetId: z.uuid() }),
  ...providerJobPolicy('amplitude'),
  handle: async ({ assetId }, { deps }) => {
    const integration = await activeIntegration(deps, assetId, 'amplitude');
    if (!integration) {
      await deps.db.productEvent.updateMany({ where: { assetId, amplitudePending: true }, data: { amplitudePending: false } });
      return { skipped: 'Amplitude is off' };
    }
    let sent = 0;
    for (;;) {
      const rows = await deps.db.productEvent.findMany({
        where: { assetId, amplitudePending: true },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        take: BATCH_SIZE,
        select: { id: true, assetId: true, type: true, userId: true, occurredAt: true, properties: true },
      });
      if (!rows.length) break;
      await asProviderJob(() => sendEvents(deps, integration, rows));
      await deps.db.productEvent.updateMany({ where: { id: { in: rows.map((row) => row.id) } }, data: { amplitudePending: false } });
      sent += rows.length;
      if (rows.length < BATCH_SIZE) break;
    }
    const before = new Date(deps.clock.now().getTime() - KEEP_DAYS * 24 * 60 * 60 * 1000);
    await deps.db.productEvent.deleteMany({ where: { assetId, createdAt: { lt: before }, amplitudePending: false } });
    return { sent };
  },
});

/** Queues the batch of the current window for the asset (one job per asset and window). */
export async function queueAmplitudeFlush(deps: Pick<AppDeps, 'jobs' | 'clock'>, assetId: string): Promise<void> {
  const now = deps.clock.now().getTime();
  const window = Math.floor(now / AMPLITUDE_BATCH_WINDOW_MS);
  const delay = (window + 1) * AMPLITUDE_BATCH_WINDOW_MS - now;
  await deps.jobs.enqueue(amplitudeFlushJob, { assetId }, { jobId: `amplitude-flush-${assetId}-${window}`, delay });
}
