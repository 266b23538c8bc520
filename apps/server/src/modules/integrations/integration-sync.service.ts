import {
  INTEGRATION_MESSAGES as M,
  integrationProviders,
  SYNC_INTERVAL_MINUTES,
  type IntegrationModules,
  type IntegrationProviderName,
  type SyncModule,
  type SynchronizationInput,
  type SynchronizationResult,
  type SyncRun,
  type SyncSchedule,
  type SyncStatus,
} from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/app-error.js';
import type { AppDeps } from '../../core/deps.js';
import type { SyncRun as SyncRunRow } from '../../generated/prisma/client.js';
import { requireIntegration } from './integration-guard.js';
import { findIntegration, storedConfig, type IntegrationRow } from './integration-record.js';
import { canSync, hasSyncAdapter, syncRefusal } from './sync/sync-adapters.js';
import { queueSyncRun, scheduleOf as storedSchedule, scheduleSync, schedulerIdOf } from './sync/sync-queue.js';
import { countsOf } from './sync/sync-run.js';
import { providerSyncJobs } from './sync/provider-sync.job.js';
import { assertAssetOf, logIntegrationChange } from './integration.service.js';

// An integration's synchronisation (docs/api.md 'Integrations'): its schedule and modules, and its runs (SyncRun).
// Reads answer from the stored rows; changing the schedule is a sync call, so it goes through the guard.

const RECENT_RUNS = 20;

export function scheduleOf(row: IntegrationRow | null): SyncSchedule {
  return storedSchedule(row) ?? { enabled: false, modules: [], intervalMinutes: SYNC_INTERVAL_MINUTES.default };
}

export function toSyncRun(row: SyncRunRow, provider: IntegrationProviderName): SyncRun {
  return {
    _id: row.id,
    provider,
    kind: row.kind,
    status: row.status as SyncRun['status'],
    progress: { done: row.progressDone, total: row.progressTotal },
    counts: countsOf(row.counts),
    attempts: row.attempts,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    account: row.accountId,
  };
}

/** GET sync-status/{x}: the schedule and the latest runs, newest first (none for a provider never set up). */
export async function syncStatus(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  assetId: string,
  provider: IntegrationProviderName,
): Promise<SyncStatus> {
  assertAssetOf(actor, assetId);
  const row = await findIntegration(deps, assetId, provider);
  const runs = row
    ? await deps.db.syncRun.findMany({
        where: { integrationId: row.id },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: RECENT_RUNS,
      })
    : [];
  return { provider, schedule: scheduleOf(row), runs: runs.map((run) => toSyncRun(run, provider)) };
}

/** GET modules/{x}: what the provider can synchronise, and which of them its schedule has switched on. */
export async function syncModules(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  assetId: string,
  provider: IntegrationProviderName,
): Promise<IntegrationModules> {
  assertAssetOf(actor, assetId);
  const schedule = scheduleOf(await findIntegration(deps, assetId, provider));
  return {
    provider,
    modules: integrationProviders[provider].syncModules.map((module) => ({ module, enabled: schedule.modules.includes(module) })),
  };
}

/**
 * PATCH synchronization/{x}: saves the schedule and (re)registers its job scheduler; `runNow` queues a run in the
 * provider's queue (the caller answers 202 with the run; a run already queued for the same modules is joined). 409
 * while the provider is not configured or disabled; 400 for a module it does not sync or whose sync is not built.
 */
export async function updateSynchronization(
  deps: Pick<AppDeps, 'db' | 'jobs' | 'env' | 'log' | 'clock'>,
  actor: Actor,
  assetId: string,
  provider: IntegrationProviderName,
  input: SynchronizationInput,
): Promise<SynchronizationResult> {
  assertAssetOf(actor, assetId);
  const spec = integrationProviders[provider];
  if (!spec.syncModules.length) throw AppError.validation({ provider: [M.noSyncModules(spec.label)] }, M.noSyncModules(spec.label));
  const row = await requireIntegration(deps, assetId, provider);
  const known: readonly SyncModule[] = spec.syncModules;
  const unknown = (input.modules ?? []).filter((module) => !known.includes(module));
  if (unknown.length) throw AppError.validation({ modules: unknown.map((module) => M.moduleNotSynced(spec.label, module)) });
  const current = scheduleOf(row);
  const schedule: SyncSchedule = {
    enabled: input.enabled ?? current.enabled,
    modules: input.modules ? [...new Set(input.modules)] : current.modules,
    intervalMinutes: input.intervalMinutes ?? current.intervalMinutes,
  };
  // What would run (the schedule's modules, else all the provider syncs) must be built: never a run bound to fail.
  const modules = schedule.modules.length ? schedule.modules : known;
  const unbuilt = (schedule.enabled || input.runNow ? modules : []).filter((module) => !canSync(provider, module));
  if (unbuilt.length) throw AppError.validation({ modules: [M.noSyncAdapter(spec.label)] }, M.noSyncAdapter(spec.label));
  const refusal = schedule.enabled || input.runNow ? syncRefusal(provider, storedConfig(row), modules) : null;
  if (refusal) throw AppError.validation({ modules: [refusal] }, refusal);
  const saved = await deps.db.$transaction(async (tx) => {
    const updated = await tx.integrationConfig.update({
      where: { id: row.id },
      data: { syncSchedule: schedule, updatedById: actor.apiKeyId ? null : actor.userId },
    });
    await logIntegrationChange(tx, actor, row, { action: 'update', before: { schedule: current }, after: { schedule } }, deps.clock.now());
    return updated;
  });
  await scheduleSync(deps, saved);
  if (!input.runNow) return { schedule, run: null };
  const runId = await queueSyncRun(deps, saved, modules);
  const run = await deps.db.syncRun.findUniqueOrThrow({ where: { id: runId } });
  return { schedule, run: toSyncRun(run, provider) };
}

/** Whether the integration's scheduled sync is registered in the queue (tests and the screen's honesty). */
export async function syncScheduleRegistered(deps: Pick<AppDeps, 'jobs'>, row: IntegrationRow): Promise<boolean> {
  const provider = row.name as IntegrationProviderName;
  if (!hasSyncAdapter(provider)) return false;
  const definition = providerSyncJobs()[provider];
  return Boolean(await deps.jobs.queue(definition.id).getJobScheduler(schedulerIdOf(row.id)));
}
