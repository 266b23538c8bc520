import { Writable } from 'node:stream';
import type { Job } from 'bullmq';
import type { z } from 'zod';
import type { TestContext } from '../../../../test/test-app.js';
import type { JobDefinition } from '../../../core/jobs/job-definition.js';

// What the provider tests share: the server's log lines captured (secrets must never reach them), and a queued job
// run by hand (the tests run no workers: a job is found by its deterministic id, run once, and removed). Tests only.

export function capturedLogs(): { stream: Writable; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { stream, lines };
}

/** The queued job of that id (it must exist), run as the worker would on its attempt `attemptsMade + 1`. */
export async function runQueuedJob<S extends z.ZodType>(
  ctx: TestContext,
  definition: JobDefinition<S>,
  jobId: string,
  attemptsMade = 0,
): Promise<unknown> {
  const job = await ctx.app.deps.jobs.queue(definition.id).getJob(jobId);
  if (!job) throw new Error(`no queued ${definition.id} job '${jobId}'`);
  try {
    return await runJob(ctx, definition, job.data, attemptsMade);
  } finally {
    await job.remove().catch(() => undefined);
  }
}

/** A job's handler run on a payload as attempt `attemptsMade + 1` (its retry decisions read that). */
export function runJob<S extends z.ZodType>(ctx: TestContext, definition: JobDefinition<S>, payload: unknown, attemptsMade = 0) {
  const job = { attemptsMade, data: payload } as unknown as Job;
  return definition.handle(definition.payload.parse(payload), { deps: ctx.app.deps, job, signal: undefined });
}

/** Every answer body and log line of a test, joined: what a secret must never appear in. */
export async function everythingSaid(ctx: TestContext, answers: string[], lines: string[]): Promise<string> {
  const logged = JSON.stringify(await ctx.db.integrationLog.findMany());
  const system = JSON.stringify(await ctx.db.systemLog.findMany());
  return [...answers, logged, system, ...lines].join('\n');
}
