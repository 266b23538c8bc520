import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { defineJob } from '../jobs/job-definition.js';
import { sweepEvents } from './domain-event-outbox.js';

// The outbox's sweep, a repeatable job of the worker processes: delivers the events their writer could not (the
// process died after the commit, a subscriber failed, Redis was down) and prunes old delivered ones. The writer
// delivers first, so the sweep leaves events younger than GRACE_MS to it.

export const DOMAIN_EVENT_SWEEP_JOB_ID = 'domain-event-sweep';
export const DOMAIN_EVENT_SWEEP_EVERY_MS = 10_000;
const GRACE_MS = 5_000;

export const domainEventSweepJob = defineJob({
  id: DOMAIN_EVENT_SWEEP_JOB_ID,
  payload: z.looseObject({}),
  // Two sweeps at once would only deliver the same events twice over: one at a time.
  concurrency: 1,
  handle: async (_payload, { deps }) => sweepEvents(deps, { graceMs: GRACE_MS }),
});

/** In a worker process: the repeatable sweep (an idempotent upsert: every start re-creates it if Redis lost it). */
export async function startDomainEventSweep(deps: AppDeps, everyMs = DOMAIN_EVENT_SWEEP_EVERY_MS): Promise<() => void> {
  await deps.jobs
    .queue(DOMAIN_EVENT_SWEEP_JOB_ID)
    .upsertJobScheduler(DOMAIN_EVENT_SWEEP_JOB_ID, { every: everyMs }, { name: DOMAIN_EVENT_SWEEP_JOB_ID, data: {} })
    .catch((error: unknown) => deps.log.warn({ err: error }, 'domain event sweep not scheduled; the next worker start schedules it'));
  return () => undefined;
}
