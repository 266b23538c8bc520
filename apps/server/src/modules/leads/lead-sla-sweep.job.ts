import { z } from 'zod';
import { LEAD_STATUS } from '@crm/domain';
import type { AppDeps } from '../../core/deps.js';
import { defineJob } from '../../core/jobs/job-definition.js';
import type { LeadDeps } from './lead-context.js';
import { advanceLeadClock } from './lead-sla.job.js';

// The safety net of the SLA clock (docs/leads.md 'The clock'): every 30 s, any lead whose deadline passed without its
// transition is advanced. It runs as a BullMQ repeatable job, and a worker process also keeps a local timer
// that sweeps whenever the repeatable job has not run for a while (Redis down or emptied), so no lead is
// stranded past a deadline even without Redis.

export const LEAD_SLA_SWEEP_JOB_ID = 'lead-sla-sweep';
export const LEAD_SLA_SWEEP_INTERVAL_MS = 30_000;

export interface SweepResult {
  checked: number;
  toPool: number;
  toManager: number;
  skipped: number;
}

const SWEEP_BATCH = 200;
const SWEEP_MAX_BATCHES = 50;

/**
 * The leads whose next deadline has passed, oldest deadline first: those due to enter the pool, then those due
 * to go to the manager. Two queries, each walking its own index from the oldest deadline (one query with OR
 * would be planned as a walk of the whole table in id order: seconds over a million leads, every sweep).
 */
async function dueLeads(deps: Pick<LeadDeps, 'db'>, now: Date, assetId?: string): Promise<{ due: { id: string }[]; more: boolean }> {
  const open = {
    deletedAt: null,
    status: LEAD_STATUS.OPEN,
    isAccepted: false,
    isAssignedFromLeadPool: false,
    ...(assetId ? { assetId } : {}),
  };
  const [toPool, toManager] = await Promise.all([
    deps.db.lead.findMany({
      where: { ...open, isInFreePool: false, initialSlaEndDate: { lte: now }, freePoolSlaEndDate: { not: null } },
      orderBy: { initialSlaEndDate: 'asc' },
      select: { id: true },
      take: SWEEP_BATCH,
    }),
    deps.db.lead.findMany({
      where: { ...open, isInFreePool: true, freePoolSlaEndDate: { lte: now } },
      orderBy: { freePoolSlaEndDate: 'asc' },
      select: { id: true },
      take: SWEEP_BATCH,
    }),
  ]);
  return { due: [...toPool, ...toManager], more: toPool.length === SWEEP_BATCH || toManager.length === SWEEP_BATCH };
}

/**
 * Every lead whose deadline passed without its transition (a lost job, a lost Redis, a restart, an outage), found
 * in the database and advanced one step: a lead that enters the pool here waits out its pool time before a later
 * sweep (or its pool job) sends it to the manager. Safe beside the clock jobs and other sweeps: rows are locked one
 * by one. `scope.assetId`: one asset's leads only (the demo seed plays each asset on its own clock).
 */
export async function runLeadSlaSweep(deps: LeadDeps, scope: { assetId?: string } = {}): Promise<SweepResult> {
  const result: SweepResult = { checked: 0, toPool: 0, toManager: 0, skipped: 0 };
  for (let batch = 0; batch < SWEEP_MAX_BATCHES; batch += 1) {
    const now = deps.clock.now();
    const { due, more } = await dueLeads(deps, now, scope.assetId);
    let progressed = 0;
    for (const { id } of due) {
      const outcome = await advanceLeadClock(deps, id, { skipLocked: true });
      result.checked += 1;
      if (outcome.skipped) result.skipped += 1;
      if (outcome.step === 'enter_pool') result.toPool += 1;
      if (outcome.step === 'escalate') result.toManager += 1;
      if (outcome.step) progressed += 1;
    }
    // Short batches were the last; a batch where nothing moved (all locked elsewhere) is left to the next run.
    if (!more || progressed === 0) break;
  }
  if (result.toPool || result.toManager)
    deps.log.info({ event: 'lead.sla.sweep', ...result }, 'lead SLA sweep applied overdue transitions');
  return result;
}

/** When each app's sweep last ran to the end (the fallback timer's clock). */
const lastSweep = new WeakMap<object, number>();

async function sweepAndRecord(deps: AppDeps) {
  const result = await runLeadSlaSweep(deps);
  lastSweep.set(deps, Date.now());
  return result;
}

export const leadSlaSweepJob = defineJob({
  id: LEAD_SLA_SWEEP_JOB_ID,
  payload: z.looseObject({}),
  handle: async (_payload, { deps }) => sweepAndRecord(deps),
});

/**
 * In a worker process: registers the repeatable sweep (idempotent upsert, so every start re-creates it if
 * Redis lost it) and the local fallback timer. Returns a stop function for the app's onClose.
 */
export async function startLeadSlaSweep(deps: AppDeps, intervalMs = LEAD_SLA_SWEEP_INTERVAL_MS): Promise<() => void> {
  const upsert = async () => {
    await deps.jobs
      .queue(LEAD_SLA_SWEEP_JOB_ID)
      .upsertJobScheduler(LEAD_SLA_SWEEP_JOB_ID, { every: intervalMs }, { name: LEAD_SLA_SWEEP_JOB_ID, data: {} });
  };
  await withTimeout(upsert(), 2000).catch((error: unknown) =>
    deps.log.warn({ err: error }, 'lead SLA sweep schedule not registered; the local timer sweeps instead'),
  );
  lastSweep.set(deps, Date.now());
  let running = false;
  const timer = setInterval(() => {
    const last = lastSweep.get(deps) ?? 0;
    if (running || Date.now() - last < intervalMs * 2.5) return;
    running = true;
    // Also retries the upsert: Redis may be back (and empty).
    void upsert().catch(() => undefined);
    sweepAndRecord(deps)
      .catch((error: unknown) => deps.log.error({ err: error }, 'lead SLA fallback sweep failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let handle: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    handle = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(handle));
}
