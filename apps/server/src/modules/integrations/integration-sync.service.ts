import {
  INTEGRATION_MESSAGES as M,
  integrationProviders,
  SYNC_INTERVAL_MINUTES,
  SyncScheduleSchema,
  type IntegrationAccount,
  type IntegrationModules,
  type IntegrationProviderName,
  type IntegrationRecord,
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
import { findIntegration, statusOf, storedConfig, toIntegrationRecord, type IntegrationRow } from './integration-record.js';
import { integrationSyncJob } from './integration-sync.job.js';
import { schedulePropertyFinderPoll } from './portal-poll.job.js';
import { assertAssetOf, logIntegrationChange } from './integration.service.js';

// An integration's synchronisation (docs/api.md 'Integrations'): its schedule and modules, its runs (SyncRun), and
// its accounts. Reads answer from the stored rows; changing the schedule is a sync call, so it goes through the guard.

const RECENT_RUNS = 20;

export function scheduleOf(row: IntegrationRow | null): SyncSchedule {
  const parsed = SyncScheduleSchema.safeParse(row?.syncSchedule);
  return parsed.success ? parsed.data : { enabled: false, modules: [], intervalMinutes: SYNC_INTERVAL_MINUTES.default };
}

export function toSyncRun(row: SyncRunRow, provider: IntegrationProviderName): SyncRun {
  return {
    _id: row.id,
    provider,
    kind: row.kind,
    status: row.status as SyncRun['status'],
    progress: { done: row.progressDone, total: row.progressTotal },
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
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

/** GET multi-apps/{x}: the provider's connected accounts; today an asset has one per provider, once configured. */
export async function integrationAccounts(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  assetId: string,
  provider: IntegrationProviderName,
): Promise<IntegrationAccount[]> {
  assertAssetOf(actor, assetId);
  const row = await findIntegration(deps, assetId, provider);
  if (!row || statusOf(row) === 'not_configured') return [];
  const config = storedConfig(row);
  const label =
    typeof config.label === 'string'
      ? config.label
      : typeof config.partnerName === 'string'
        ? config.partnerName
        : integrationProviders[provider].label;
  return [{ _id: row.id, label, enabled: row.enabled, status: statusOf(row) }];
}

/**
 * PATCH synchronization/{x}: saves the schedule; `runNow` records a queued SyncRun and starts it in a job (the
 * caller answers 202 with the run). 409 while the provider is not configured or disabled.
 */
export async function updateSynchronization(
  deps: Pick<AppDeps, 'db' | 'jobs' | 'clock'>,
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
  await deps.db.$transaction(async (tx) => {
    await tx.integrationConfig.update({
      where: { id: row.id },
      data: { syncSchedule: schedule, updatedById: actor.apiKeyId ? null : actor.userId },
    });
    await logIntegrationChange(tx, actor, row, { action: 'update', before: { schedule: current }, after: { schedule } }, deps.clock.now());
  });
  if (!input.runNow) return { schedule, run: null };
  const modules = schedule.modules.length ? schedule.modules : known;
  const run = await deps.db.syncRun.create({ data: { assetId, integrationId: row.id, provider, kind: modules.join(',') } });
  await deps.jobs.enqueue(integrationSyncJob, { syncRunId: run.id }, { jobId: `integration-sync-${run.id}` });
  return { schedule, run: toSyncRun(run, provider) };
}

/**
 * DELETE propertyfinder/{accountId}: removes the account (today the asset's Property Finder integration itself)
 * with its runs, received events and log, and cancels its lead poll; queued jobs then find nothing and end. No webhook subscription is made
 * at Property Finder yet, so none is undone. Answers the provider as never set.
 */
export async function removeIntegrationAccount(
  deps: Pick<AppDeps, 'db' | 'env' | 'jobs' | 'log' | 'clock'>,
  actor: Actor,
  assetId: string,
  provider: IntegrationProviderName,
  accountId: string,
): Promise<IntegrationRecord> {
  assertAssetOf(actor, assetId);
  await deps.db.$transaction(async (tx) => {
    const row = await tx.integrationConfig.findFirst({ where: { id: accountId, assetId, name: provider } });
    if (!row) throw AppError.notFound('Account not found');
    await tx.integrationConfig.delete({ where: { id: row.id } });
    const before = { provider, enabled: row.enabled, config: row.config ?? null, status: row.status };
    await logIntegrationChange(tx, actor, row, { action: 'delete', before }, deps.clock.now());
  });
  await schedulePropertyFinderPoll(deps, null, accountId);
  return toIntegrationRecord(deps, assetId, provider, null);
}
