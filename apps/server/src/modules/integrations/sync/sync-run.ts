import {
  INTEGRATION_MESSAGES as M,
  integrationProviders,
  SYNC_FAILURES_BEFORE_ERROR,
  SyncRunCountsSchema,
  type SyncRunCounts,
} from '@crm/domain';
import { UnrecoverableError } from 'bullmq';
import type { AppDeps } from '../../../core/deps.js';
import { isIntegrationProviderName } from '@crm/domain';
import { ProviderCallError } from '../provider-call.js';

// A SyncRun's life (docs/api.md 'Integrations'): queued, running (each attempt), retrying (an attempt failed and the
// queue will try again), then completed or failed. The integration keeps a streak of failed runs: at
// SYNC_FAILURES_BEFORE_ERROR in a row its status turns `error` with lastError; the next good run clears it. The
// streak is per integration, so one failing provider (or account) touches no other.

type Deps = Pick<AppDeps, 'db' | 'clock'>;

export const countsOf = (value: unknown): SyncRunCounts => {
  const parsed = SyncRunCountsSchema.safeParse(value);
  return parsed.success ? parsed.data : { created: 0, updated: 0, skipped: 0 };
};

export async function startAttempt(deps: Deps, runId: string, attempt: number) {
  const run = await deps.db.syncRun.findUniqueOrThrow({ where: { id: runId }, select: { startedAt: true } });
  await deps.db.syncRun.update({
    where: { id: runId },
    data: { status: 'running', attempts: attempt, startedAt: run.startedAt ?? deps.clock.now() },
  });
}

export async function completeRun(deps: Deps, runId: string, integrationId: string, counts: SyncRunCounts) {
  await deps.db.syncRun.update({
    where: { id: runId },
    data: { status: 'completed', counts: { ...counts }, error: null, finishedAt: deps.clock.now() },
  });
  await deps.db.integrationConfig.updateMany({ where: { id: integrationId }, data: { pollFailures: 0 } });
  await deps.db.integrationConfig.updateMany({
    where: { id: integrationId, status: 'error' },
    data: { status: 'connected', lastError: null },
  });
}

/** One attempt failed: the run says so (retrying, or failed when `final`), and the integration's streak grows. */
export async function failAttempt(
  deps: Deps,
  run: { id: string; integrationId: string; provider: string },
  message: string,
  final: boolean,
  counts: SyncRunCounts,
) {
  const streak = await deps.db.integrationConfig.update({
    where: { id: run.integrationId },
    data: { pollFailures: { increment: 1 } },
    select: { pollFailures: true },
  });
  if (streak.pollFailures >= SYNC_FAILURES_BEFORE_ERROR) {
    const label = isIntegrationProviderName(run.provider) ? integrationProviders[run.provider].label : run.provider;
    await deps.db.integrationConfig.update({
      where: { id: run.integrationId },
      data: { status: 'error', lastError: M.syncFailing(label, streak.pollFailures, message) },
    });
  }
  await deps.db.syncRun.update({
    where: { id: run.id },
    data: {
      status: final ? 'failed' : 'retrying',
      error: message,
      counts: { ...counts },
      ...(final ? { finishedAt: deps.clock.now() } : {}),
    },
  });
}

/** A run that cannot start (the integration was switched off or emptied since it was queued): failed, not retried. */
export async function refuseRun(deps: Deps, runId: string, message: string) {
  await deps.db.syncRun.update({ where: { id: runId }, data: { status: 'failed', error: message, finishedAt: deps.clock.now() } });
}

/** The account a run outside the sync engine is for (a lead poll, an account's setup). */
interface RunAccount {
  id: string;
  assetId: string;
  integrationId: string;
  provider: string;
}

/**
 * One run outside the sync engine, recorded as a SyncRun of `kind`: running from the start, then completed with the
 * progress `work` answers, or failed with its error. A provider's refusal that no retry can mend ends the job
 * (UnrecoverableError); any other failure is the queue's to retry.
 */
export async function recordedRun<T>(
  deps: Deps,
  account: RunAccount,
  kind: string,
  work: () => Promise<{ result: T; progress: { done: number; total: number } }>,
): Promise<T> {
  const run = await deps.db.syncRun.create({
    data: {
      assetId: account.assetId,
      integrationId: account.integrationId,
      accountId: account.id,
      provider: account.provider,
      kind,
      status: 'running',
      startedAt: deps.clock.now(),
    },
  });
  try {
    const { result, progress } = await work();
    await deps.db.syncRun.update({
      where: { id: run.id },
      data: { status: 'completed', progressDone: progress.done, progressTotal: progress.total, finishedAt: deps.clock.now(), error: null },
    });
    return result;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await refuseRun(deps, run.id, message);
    if (error instanceof ProviderCallError && !error.retryable) throw new UnrecoverableError(message);
    throw error;
  }
}
