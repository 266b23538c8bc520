import type { FastifyInstance } from 'fastify';
import { leadSlaJob } from './lead-sla.job.js';
import { leadSlaSweepJob, startLeadSlaSweep } from './lead-sla-sweep.job.js';
import { leadSyncJob } from './lead-sync.job.js';
import { leadExportJob } from './lead-export.job.js';

/** Every lead job, for the worker registration and for tests that run a handler directly. */
export const LEAD_JOBS = [leadSlaJob, leadSlaSweepJob, leadSyncJob, leadExportJob] as const;

/**
 * In a process that runs workers (env.RUN_WORKERS): the lead job workers, the repeatable sweep and its local
 * fallback timer. A web-only process just queues.
 */
export async function registerLeadJobs(app: FastifyInstance): Promise<void> {
  const { jobs } = app.deps;
  if (!jobs.runsWorkers) return;
  for (const definition of LEAD_JOBS) jobs.register(definition);
  let stop: (() => void) | undefined;
  app.addHook('onReady', async () => {
    stop = await startLeadSlaSweep(app.deps);
  });
  app.addHook('onClose', async () => stop?.());
}
