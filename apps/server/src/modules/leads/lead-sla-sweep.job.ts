import { z } from 'zod';
import type { AppDeps } from '../../core/deps.js';
import { defineJob } from '../../core/jobs/job-definition.js';
import { runLeadSlaSweep } from './lead-sla.service.js';

// The safety net of the SLA clock (docs/leads.md 'The clock'): every 30 s, any lead whose deadline passed without its
// transition is advanced. It runs as a BullMQ repeatable job, and a worker process also keeps a local timer
// that sweeps whenever the repeatable job has not run for a while (Redis down or emptied), so no lead is
// stranded past a deadline even without Redis.

export const LEAD_SLA_SWEEP_JOB_ID = 'lead-sla-sweep';
export const LEAD_SLA_SWEEP_INTERVAL_MS = 30_000;

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
