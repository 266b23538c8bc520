import { createHash } from 'node:crypto';
import { SyncScheduleSchema, type IntegrationProviderName, type SyncModule, type SyncSchedule } from '@crm/domain';
import type { AppDeps } from '../../../core/deps.js';
import { isComplete, openSecrets, storedConfig, type IntegrationRow } from '../integration-record.js';
import { PROVIDER_SYNC_JOBS, syncQueueName } from './provider-sync.job.js';
import { canSync, hasSyncAdapter, type SyncProviderName } from './sync-adapters.js';

// Queueing a provider's run, and its schedule (docs/api.md 'Jobs and retries'). A run's job id is deterministic
// (`sync-{provider}-{integration}-{modules}-{records}`): the same call while one is waiting, retrying or running
// joins it (its run id is answered), and once it has finished the id is free again (jobs are removed when done).
// The schedule is a BullMQ job scheduler per integration (`sync-schedule-{integration}`), upserted while the
// integration is on, complete and its schedule enabled, removed otherwise.

const LIVE = new Set(['queued', 'running', 'retrying']);

/** The job id of a run: same integration, modules and records, same id. */
export function syncJobId(row: { id: string; name: string }, modules: readonly SyncModule[], ids?: readonly string[]): string {
  const scope = !ids
    ? 'all'
    : ids.length === 1
      ? ids[0]
      : createHash('sha256')
          .update([...ids].sort().join(','))
          .digest('hex')
          .slice(0, 32);
  return `sync-${row.name}-${row.id}-${[...modules].sort().join('+')}-${scope}`;
}

/**
 * Queues a run of `modules` (for the records `ids`, else all), or joins the live one with the same job id.
 * Answers the SyncRun id. The caller has checked the integration is usable (the guard) and each module built.
 */
export async function queueSyncRun(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  row: IntegrationRow,
  modules: readonly SyncModule[],
  ids?: readonly string[],
  kind?: string,
): Promise<string> {
  const provider = row.name as SyncProviderName;
  const definition = PROVIDER_SYNC_JOBS[provider];
  const jobId = syncJobId(row, modules, ids);
  const run = await deps.db.syncRun.create({
    data: { assetId: row.assetId, integrationId: row.id, provider, kind: kind ?? modules.join(','), progressTotal: ids?.length ?? 0 },
  });
  const payload = { integrationId: row.id, modules: [...modules], syncRunId: run.id, ...(ids ? { ids: [...ids] } : {}) };
  const options = { jobId, removeOnComplete: true, removeOnFail: true };
  for (let tries = 0; tries < 3; tries += 1) {
    await deps.jobs.enqueue(definition, payload, options);
    // BullMQ answers an add under a taken id with our own data: what the queue holds says who owns the id.
    const held = await deps.jobs.queue(definition.id).getJob(jobId);
    const owner = typeof held?.data?.syncRunId === 'string' ? held.data.syncRunId : null;
    if (!held || owner === run.id) return run.id;
    const earlier = owner ? await deps.db.syncRun.findUnique({ where: { id: owner } }) : null;
    if (earlier && LIVE.has(earlier.status)) {
      // Joined: the repeat is the run already waiting, retrying or running.
      await deps.db.syncRun.delete({ where: { id: run.id } });
      return earlier.id;
    }
    // A run that has ended but whose job is still being removed: free the id and add ours again.
    await held.remove().catch(() => undefined);
  }
  return run.id;
}

export function scheduleOf(row: IntegrationRow | null): SyncSchedule | null {
  const parsed = SyncScheduleSchema.safeParse(row?.syncSchedule);
  return parsed.success ? parsed.data : null;
}

export const schedulerIdOf = (integrationId: string) => `sync-schedule-${integrationId}`;

/**
 * Keeps the integration's scheduled sync in step with its row: every `intervalMinutes` a run of the schedule's
 * modules while the integration is on, complete and its schedule enabled; none otherwise. Answers whether one is set.
 */
export async function scheduleSync(deps: Pick<AppDeps, 'jobs' | 'env' | 'log'>, row: IntegrationRow): Promise<boolean> {
  const provider = row.name as IntegrationProviderName;
  if (!hasSyncAdapter(provider)) return false;
  const queue = deps.jobs.queue(syncQueueName(provider));
  const schedule = scheduleOf(row);
  const modules = (schedule?.modules ?? []).filter((module) => canSync(provider, module));
  const active =
    Boolean(schedule?.enabled) && modules.length > 0 && row.enabled && isComplete(provider, storedConfig(row), openSecrets(deps, row));
  try {
    if (!active || !schedule) {
      await queue.removeJobScheduler(schedulerIdOf(row.id));
      return false;
    }
    const every = schedule.intervalMinutes * 60_000;
    await queue.upsertJobScheduler(
      schedulerIdOf(row.id),
      { every, startDate: Date.now() + every },
      {
        name: syncQueueName(provider),
        data: { integrationId: row.id, modules },
        opts: { attempts: PROVIDER_SYNC_JOBS[provider as SyncProviderName].attempts, backoff: { type: 'definition' } },
      },
    );
    return true;
  } catch (error) {
    // Redis down: the next save, or the next worker start, registers it.
    deps.log.warn({ integrationId: row.id, err: error instanceof Error ? error.message : String(error) }, 'sync schedule not updated');
    return false;
  }
}

/** Where workers run: every integration's schedule again (idempotent; Redis may have lost them). */
export async function startSyncSchedules(deps: AppDeps): Promise<void> {
  const rows = await deps.db.integrationConfig.findMany({ where: { enabled: true } });
  for (const row of rows) await scheduleSync(deps, row);
}
