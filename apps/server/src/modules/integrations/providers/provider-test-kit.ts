import { Writable } from 'node:stream';
import type { Job } from 'bullmq';
import { ROLE_CODES } from '@crm/domain';
import type { z } from 'zod';
import type { TestContext } from '../../../../test/test-app.js';
import type { JobDefinition } from '../../../core/jobs/job-definition.js';
import { createRole, createUser, loginAs } from '../../../../test/factories.js';
import type { LeadWorld } from '../../leads/testing.js';

// Tests only: what the provider tests share (a super admin of the lead world's asset, calls to its integrations,
// waiting for a job's effect, the server's log lines captured, a queued job run by hand).

export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function superAdminOf(ctx: TestContext, world: LeadWorld): Promise<{ authorization: string }> {
  const role = await createRole(ctx, [], { company: world.company, code: ROLE_CODES.SUPER_ADMIN });
  return loginAs(ctx, (await createUser(ctx, { role, assets: [world.asset] })).email);
}

/** `api('PATCH', 'integrations/sendgrid', body)`: a call under /api/assets/{asset}/ with the given headers. */
export function assetApi(ctx: TestContext, world: LeadWorld, headers: { authorization: string }) {
  return (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api/assets/${world.asset.id}/${path}`, headers, ...(payload ? { payload } : {}) });
}

// The server's log lines captured (secrets must never reach them), and a queued job run by hand (the tests run no
// workers: a job is found by its deterministic id, run once, and removed).

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
