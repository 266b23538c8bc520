import { UnrecoverableError } from 'bullmq';
import { z } from 'zod';
import { integrationProviders, SyncModuleSchema, type IntegrationProviderName } from '@crm/domain';
import { AppError } from '../../../core/app-error.js';
import type { AppDeps } from '../../../core/deps.js';
import { defineJob, type JobDefinition } from '../../../core/jobs/job-definition.js';
import { integrationUnavailable } from '../integration-guard.js';
import { statusOf } from '../integration-record.js';
import { ProviderCallError } from '../provider-call.js';
import { providerJobPolicy } from '../provider-job-policy.js';
import { syncProviderNames } from '../providers/provider-registry.js';
import { syncAdapterOf, type SyncProviderName } from './sync-adapters.js';
import { completeRun, failAttempt, refuseRun, startAttempt } from './sync-run.js';
import { createSyncWork } from './sync-work.js';

// One queue per provider (`provider-sync-{provider}`, docs/api.md 'Jobs and retries'): BullMQ's limiter at the
// provider's rate, 5 attempts, exponential backoff from 30 s with jitter, a 429's Retry-After honoured; 408, 429, 5xx
// and no answer are retried, any other refusal ends the run (UnrecoverableError). A run is a SyncRun row: queued by a
// call (runNow, a sync-* call) or made by the schedule's first attempt. Safe to run twice: a finished run is left
// alone, and every adapter writes by upsert (pulls) or by the provider's own upsert key (pushes).

export const SyncJobPayloadSchema = z.strictObject({
  integrationId: z.uuid(),
  modules: z.array(SyncModuleSchema).min(1),
  /** The SyncRun: set by the caller that queued it, or by a scheduled job's first attempt. */
  syncRunId: z.uuid().optional(),
  /** The records a sync-* call named; absent: everything the modules cover. */
  ids: z.array(z.uuid()).max(500).optional(),
});
export type SyncJobPayload = z.infer<typeof SyncJobPayloadSchema>;

export const syncQueueName = (provider: IntegrationProviderName) => `provider-sync-${provider}`;

const retryable = (error: unknown) =>
  error instanceof ProviderCallError ? error.retryable : !(error instanceof AppError) && !(error instanceof UnrecoverableError);

async function runSync(
  provider: SyncProviderName,
  payload: SyncJobPayload,
  deps: AppDeps,
  job: { attemptsMade: number; opts: { attempts?: number }; updateData(data: SyncJobPayload): Promise<void> },
) {
  const row = await deps.db.integrationConfig.findUnique({ where: { id: payload.integrationId } });
  let run = payload.syncRunId ? await deps.db.syncRun.findUnique({ where: { id: payload.syncRunId } }) : null;
  if (!row || (payload.syncRunId && !run)) return { skipped: 'gone' };
  if (run && (run.status === 'completed' || run.status === 'failed')) return { skipped: 'finished' };
  const usable = row.enabled && statusOf(row) !== 'not_configured';
  if (!usable) {
    // Switched off or emptied since: a scheduled run makes no row; a queued one ends saying why.
    if (run) await refuseRun(deps, run.id, integrationUnavailable(provider, row.enabled ? 'NOT_CONFIGURED' : 'DISABLED').message);
    return { skipped: 'unavailable' };
  }
  if (!run) {
    run = await deps.db.syncRun.create({
      data: { assetId: row.assetId, integrationId: row.id, provider, kind: payload.modules.join(',') },
    });
    await job.updateData({ ...payload, syncRunId: run.id });
  }
  await startAttempt(deps, run.id, job.attemptsMade + 1);
  const work = createSyncWork(deps, row, provider, run.id);
  const adapter = syncAdapterOf(provider);
  try {
    for (const module of payload.modules) {
      const sync = adapter[module];
      if (!sync) throw new UnrecoverableError(`${integrationProviders[provider].label} does not synchronise ${module} in this release.`);
      await sync(work, payload.ids ? { ids: payload.ids } : {});
    }
    await completeRun(deps, run.id, row.id, work.counts);
    return { provider, ...work.counts };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const again = retryable(error);
    await failAttempt(deps, run, message, !again || job.attemptsMade + 1 >= (job.opts.attempts ?? 1), work.counts);
    if (!again) throw new UnrecoverableError(message);
    throw error;
  }
}

function providerSyncJob(provider: SyncProviderName): JobDefinition<typeof SyncJobPayloadSchema> {
  return defineJob({
    id: syncQueueName(provider),
    payload: SyncJobPayloadSchema,
    ...providerJobPolicy(provider),
    // Several accounts' runs at once; each call still waits its turn under the provider's rate.
    concurrency: 2,
    handle: (payload, { deps, job }) => runSync(provider, payload, deps, job),
  });
}

type SyncJob = JobDefinition<typeof SyncJobPayloadSchema>;
let syncJobs: Record<SyncProviderName, SyncJob> | undefined;

/**
 * One sync job per provider that declares a sync adapter (providers/provider-registry.ts). Built on first use, not at
 * load: the registry's providers import the sync queue, which imports this file.
 */
export function providerSyncJobs(): Record<SyncProviderName, SyncJob> {
  syncJobs ??= Object.fromEntries(syncProviderNames().map((provider) => [provider, providerSyncJob(provider)])) as Record<
    SyncProviderName,
    SyncJob
  >;
  return syncJobs;
}
