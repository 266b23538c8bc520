import { z } from 'zod';
import { defineJob } from '../../core/jobs/job-definition.js';
import { runImport } from './import-run.js';

// Writes a queued import (import-run.ts). Safe to run twice: every row is an upsert by its natural key, so a second
// delivery updates what the first created; a finished run is left alone.

export const IMPORT_JOB_ID = 'resource-import';
const ATTEMPTS = 3;

export const importJob = defineJob({
  id: IMPORT_JOB_ID,
  bulk: true,
  payload: z.strictObject({ jobRunId: z.uuid() }),
  // One import at a time per worker process: each holds its file's rows and writes thousands of records.
  concurrency: 1,
  attempts: ATTEMPTS,
  backoffMs: 5000,
  handle: async ({ jobRunId }, { deps, job, signal }) =>
    runImport(deps, jobRunId, { attempt: job.attemptsMade + 1, attempts: job.opts.attempts ?? ATTEMPTS, signal }),
});
