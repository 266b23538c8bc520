import { z } from 'zod';
import { defineJob } from '../../core/jobs/job-definition.js';
import { runLeadExportJob } from './lead-export-job.service.js';

// Writes a queued Leads export (lead-export-job.service.ts) into storage. Safe to run twice: a finished run is
// left alone, and of two deliveries running at once only the first to finish keeps its file.

export const LEAD_EXPORT_JOB_ID = 'lead-export';
const ATTEMPTS = 3;

export const leadExportJob = defineJob({
  id: LEAD_EXPORT_JOB_ID,
  bulk: true,
  payload: z.strictObject({ jobRunId: z.uuid() }),
  // One export at a time per worker process: each streams a large file and holds a database connection.
  concurrency: 1,
  attempts: ATTEMPTS,
  backoffMs: 5000,
  handle: async ({ jobRunId }, { deps, job, signal }) =>
    runLeadExportJob(deps, jobRunId, { attempt: job.attemptsMade + 1, attempts: job.opts.attempts ?? ATTEMPTS, signal }),
});
