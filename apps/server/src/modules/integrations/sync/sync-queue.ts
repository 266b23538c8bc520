import { createHash } from 'node:crypto';
import {
  INTEGRATION_MESSAGES as M,
  isMultiAccountProvider,
  SyncScheduleSchema,
  type IntegrationProviderName,
  type SyncModule,
  type SyncSchedule,
} from '@crm/domain';
import type { AppDeps } from '../../../core/deps.js';
import { isComplete, openSecrets, statusOf, storedConfig, type IntegrationRow } from '../integration-record.js';
import { providerSyncJobs, syncQueueName, type SyncJobPayload } from './provider-sync.job.js';
import { canSync, hasSyncAdapter, type SyncProviderName } from './sync-adapters.js';
import { refuseRun } from './sync-run.js';

// Queueing a provider's run, and its schedule (docs/api.md 'Jobs and retries'). A run's job id is deterministic
// (`sync-{provider}-{integration}-{modules}-{records}`): the same call while one is waiting, retrying or running
// joins it (its run id is answered), and once it has finished the id is free again (jobs are removed when done).
// A listing write's run may wait a moment first (a burst is one run) and follows a run that is already running.
// The schedule is a BullMQ job scheduler per integration (`sync-schedule-{integration}`), upserted while the
// integration is on, complete and its schedule enabled, removed otherwise.

const LIVE = new Set(['queued', 'running', 'retrying']);
/** A job in one of these states has not started yet: a run joining it is read by it. */
const NOT_STARTED = new Set(['waiting', 'delayed', 'prioritized', 'waiting-children']);
/** How often, and how far apart, an id held by a finished run's job is tried again. */
const CLAIM_TRIES = 20;
const CLAIM_WAIT_MS = 50;

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

export interface QueueSyncOptions {
  /** What the run is called in sync-status (default: its modules). */
  kind?: string;
  /** The run waits this long first (a listing write's LISTING_SYNDICATION_DELAY_MS): a burst of writes is one run. */
  delayMs?: number;
  /**
   * The records changed since a live run of them may have read them: a run already running is not joined, one more
   * is queued to follow it (under the job id `{id}-next`, itself joined while it waits), so the last change is sent.
   */
  followRunning?: boolean;
}

const jobOptions = (jobId: string, delayMs: number) => ({
  jobId,
  removeOnComplete: true,
  removeOnFail: true,
  ...(delayMs > 0 ? { delay: delayMs } : {}),
});

/** Who holds a job id: our run, a live one (`active`: its job is being worked now), or nobody. */
type Claim = { owner: 'ours' } | { owner: 'live'; runId: string; active: boolean } | { owner: 'none' };

/** Adds the job under `jobId`, or says who holds it: our run, a live one, or (when it stays taken) nobody. */
async function claimJobId(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  definition: ReturnType<typeof providerSyncJobs>[SyncProviderName],
  jobId: string,
  payload: SyncJobPayload,
  delayMs: number,
): Promise<Claim> {
  const options = jobOptions(jobId, delayMs);
  for (let tries = 0; tries < CLAIM_TRIES; tries += 1) {
    await deps.jobs.enqueue(definition, payload, options);
    // BullMQ answers an add under a taken id with our own data: what the queue holds says who owns the id.
    const held = await deps.jobs.queue(definition.id).getJob(jobId);
    // None: the job that held the id when ours was added (so ours was not) has gone since; add ours again.
    if (!held) continue;
    const owner = typeof held.data?.syncRunId === 'string' ? held.data.syncRunId : null;
    if (owner === payload.syncRunId) return { owner: 'ours' };
    const earlier = owner ? await deps.db.syncRun.findUnique({ where: { id: owner } }) : null;
    // The job's own state, read after the run's: a worker may have taken the job before the run says 'running', and
    // the job may have finished since the run was read (then it has read the records already: it cannot be joined).
    const state = await held.getState();
    if (earlier && LIVE.has(earlier.status) && (state === 'active' || NOT_STARTED.has(state)))
      return { owner: 'live', runId: earlier.id, active: state === 'active' };
    // A run that has ended but whose job is still being removed: free the id and add ours again. A job still
    // finishing (its run marked, BullMQ not done with it) cannot be removed yet: wait a moment for it.
    const removed =
      state === 'unknown' ||
      (await held.remove().then(
        () => true,
        () => false,
      ));
    if (!removed) await new Promise((resolve) => setTimeout(resolve, CLAIM_WAIT_MS));
  }
  return { owner: 'none' };
}

/**
 * Queues a run of `modules` (for the records `ids`, else all), or joins the live one with the same job id.
 * Answers the SyncRun id. The caller has checked the integration is usable (the guard) and each module built.
 */
export async function queueSyncRun(
  deps: Pick<AppDeps, 'db' | 'jobs' | 'clock'>,
  row: IntegrationRow,
  modules: readonly SyncModule[],
  ids?: readonly string[],
  options: QueueSyncOptions = {},
): Promise<string> {
  const provider = row.name as SyncProviderName;
  const definition = providerSyncJobs()[provider];
  const jobId = syncJobId(row, modules, ids);
  const run = await deps.db.syncRun.create({
    data: {
      assetId: row.assetId,
      integrationId: row.id,
      provider,
      kind: options.kind ?? modules.join(','),
      progressTotal: ids?.length ?? 0,
    },
  });
  const payload = { integrationId: row.id, modules: [...modules], syncRunId: run.id, ...(ids ? { ids: [...ids] } : {}) };
  try {
    return await claimRun(deps, definition, jobId, payload, options);
  } catch (error) {
    // Not queued (Redis down): the run ends saying so rather than showing 'queued' forever in the sync history.
    await refuseRun(deps, run.id, M.syncNotQueued).catch(() => undefined);
    throw error;
  }
}

/** The run's job under `jobId` (or its follower's id, or one of its own), or the live run it joins: answers the run id. */
async function claimRun(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  definition: ReturnType<typeof providerSyncJobs>[SyncProviderName],
  jobId: string,
  payload: SyncJobPayload & { syncRunId: string },
  options: QueueSyncOptions,
): Promise<string> {
  const candidates = options.followRunning ? [jobId, `${jobId}-next`] : [jobId];
  for (const candidate of candidates) {
    const claim = await claimJobId(deps, definition, candidate, payload, options.delayMs ?? 0);
    if (claim.owner === 'ours') return payload.syncRunId;
    // Joined: a run still waiting or retrying reads the records when it runs; a running one answers a plain repeat.
    if (claim.owner === 'live' && (!claim.active || !options.followRunning)) {
      await deps.db.syncRun.delete({ where: { id: payload.syncRunId } });
      return claim.runId;
    }
  }
  // Every id is held by a run that may have read the records before this change (both running), or by a job that
  // would not let go: this run goes under an id of its own, so the last change is sent, never dropped. The adapters
  // write by upsert (and skip an unchanged payload), so running beside the others is safe.
  await deps.jobs.enqueue(definition, payload, jobOptions(`${jobId}-${payload.syncRunId}`, options.delayMs ?? 0));
  return payload.syncRunId;
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
  // A provider with several accounts keeps its setups on them: its status says whether one is complete.
  const complete = isMultiAccountProvider(provider)
    ? statusOf(row) !== 'not_configured'
    : isComplete(provider, storedConfig(row), openSecrets(deps, row));
  const active = Boolean(schedule?.enabled) && modules.length > 0 && row.enabled && complete;
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
        opts: { attempts: providerSyncJobs()[provider].attempts, backoff: { type: 'definition' } },
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
