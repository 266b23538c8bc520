import { z } from 'zod';
import type { AppDeps } from '../../core/deps.js';
import { defineJob } from '../../core/jobs/job-definition.js';
import { pruneIntegrationLogs } from './integration-log.js';

// The integration log's daily prune: the platform's own job, scheduled where the workers run.

export const INTEGRATION_LOG_PRUNE_JOB_ID = 'integration-log-prune';

/** Daily: the integration log keeps INTEGRATION_LOG_RETENTION_DAYS. */
export const integrationLogPruneJob = defineJob({
  id: INTEGRATION_LOG_PRUNE_JOB_ID,
  payload: z.looseObject({}),
  handle: async (_payload, { deps }) => ({ deleted: await pruneIntegrationLogs(deps) }),
});

/** In a worker process: the daily prune (an idempotent upsert; Redis may have lost it). */
export async function scheduleIntegrationLogPrune(deps: AppDeps): Promise<void> {
  await deps.jobs
    .queue(INTEGRATION_LOG_PRUNE_JOB_ID)
    .upsertJobScheduler(INTEGRATION_LOG_PRUNE_JOB_ID, { every: 24 * 60 * 60_000 }, { name: INTEGRATION_LOG_PRUNE_JOB_ID, data: {} })
    .catch((error: unknown) => deps.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'log prune not scheduled'));
}
