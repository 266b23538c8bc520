import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { buildApp } from '../../app.js';
import { AppError } from '../app-error.js';
import { createRedis } from '../redis.js';
import { defineJob } from './job-definition.js';
import { createJobsRegistry, outageAwareBackoff } from './jobs-registry.js';

// Against the real Redis: each test app has its own REDIS_PREFIX, used as BullMQ's prefix.
const handled: Array<{ greeting: string; attempt: number }> = [];
const greetJob = defineJob({
  id: 'test-greet',
  payload: z.object({ greeting: z.string().min(1) }).strict(),
  // Safe to run twice: it records, keyed by nothing the second run would change.
  handle: async (payload, { job, deps }) => {
    expect(deps.env.RUN_WORKERS).toBe(true);
    handled.push({ greeting: payload.greeting, attempt: job.attemptsMade });
    return { ok: true };
  },
});

/** What pg answers while PostgreSQL is stopped. */
const databaseDown = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

// Fails as a stopped database would for its first `outageRuns` runs, then succeeds.
let outageRuns = 0;
const outageJob = defineJob({
  id: 'test-outage',
  payload: z.object({}).strict(),
  attempts: 2,
  backoffMs: 20,
  retryThroughOutages: { maxBackoffMs: 40 },
  handle: async () => {
    if (outageRuns > 0) {
      outageRuns -= 1;
      throw databaseDown();
    }
    return { ok: true };
  },
});
const brokenJob = defineJob({
  id: 'test-broken',
  payload: z.object({}).strict(),
  attempts: 2,
  backoffMs: 20,
  retryThroughOutages: { maxBackoffMs: 40 },
  handle: async () => {
    throw new Error('a bug, not an outage');
  },
});

describe('outageAwareBackoff', () => {
  const backoff = outageAwareBackoff({ attempts: 3, backoffMs: 1000, retryThroughOutages: { maxBackoffMs: 10_000 } });
  it('retries an outage past the attempts, the wait doubling up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 50, 5000].map((attempt) => backoff(attempt, 'outage-aware', databaseDown()))).toEqual([
      1000, 2000, 4000, 8000, 10_000, 10_000, 10_000, 10_000,
    ]);
  });
  it('stops any other failure after the attempts (-1: BullMQ does not retry)', () => {
    const bug = new Error('bug');
    expect([1, 2, 3, 4].map((attempt) => backoff(attempt, 'outage-aware', bug))).toEqual([1000, 2000, -1, -1]);
  });
});

describe('jobs registry with workers', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ envOverrides: { RUN_WORKERS: 'true', JOBS_CLOSE_TIMEOUT_MS: '300' } });
  });
  afterAll(async () => ctx.close());

  it('is exposed on app.deps.jobs and caches queues by name', () => {
    const { jobs } = ctx.app.deps;
    expect(jobs.runsWorkers).toBe(true);
    expect(jobs.queue('a')).toBe(jobs.queue('a'));
    expect(jobs.queue('a')).not.toBe(jobs.queue('b'));
  });

  it('runs a queued job on a real Redis, under the app prefix', async () => {
    const { jobs } = ctx.app.deps;
    const worker = jobs.register(greetJob);
    expect(worker).not.toBeNull();
    const completed = new Promise<unknown>((resolve) => worker?.on('completed', (_job, result) => resolve(result)));
    const job = await jobs.enqueue(greetJob, { greeting: 'hello' }, { jobId: 'greet-1' });
    expect(await completed).toEqual({ ok: true });
    expect(handled).toEqual([{ greeting: 'hello', attempt: 0 }]);
    expect(job.id).toBe('greet-1');
    const keys = await ctx.redis.keys(`${ctx.env.REDIS_PREFIX}:test-greet:*`);
    expect(keys.length).toBeGreaterThan(0);
  });

  it('retries a job through an outage until it succeeds, and stops a plain failure after its attempts', async () => {
    const { jobs } = ctx.app.deps;
    const outage = jobs.register(outageJob);
    const broken = jobs.register(brokenJob);
    outageRuns = 6;
    const completed = new Promise<number>((resolve) => outage?.on('completed', (job) => resolve(job.attemptsMade)));
    // 'failed' fires on every failed run; the last one finishes the job.
    const failed = new Promise<number>((resolve) =>
      broken?.on('failed', (job) => {
        if (job?.finishedOn) resolve(job.attemptsMade);
      }),
    );
    await jobs.enqueue(outageJob, {});
    await jobs.enqueue(brokenJob, {});
    // Six failed runs (three times its 2 attempts), then the run that succeeded.
    expect(await completed).toBe(7);
    expect(outageRuns).toBe(0);
    expect(await failed).toBe(2);
  });

  it('refuses a payload its schema rejects, before it reaches Redis', async () => {
    const error = await ctx.app.deps.jobs.enqueue(greetJob, { greeting: '' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('VALIDATION_ERROR');
  });

  it('queues several jobs in one call: delayed, de-duplicated by jobId, and checked before any reaches Redis', async () => {
    const { jobs } = ctx.app.deps;
    const delayed = { delay: 60_000 };
    const added = await jobs.enqueueMany(greetJob, [
      { payload: { greeting: 'later-1' }, opts: { ...delayed, jobId: 'many-1' } },
      { payload: { greeting: 'later-2' }, opts: { ...delayed, jobId: 'many-2' } },
      { payload: { greeting: 'later-1 again' }, opts: { ...delayed, jobId: 'many-1' } },
    ]);
    expect(added.map((job) => job.id)).toEqual(['many-1', 'many-2', 'many-1']);
    const queue = jobs.queue(greetJob.id);
    const waiting = await queue.getDelayed();
    expect(
      waiting
        .filter((job) => job.id?.startsWith('many-'))
        .map((job) => job.data.greeting)
        .sort(),
    ).toEqual(['later-1', 'later-2']);
    const error = await jobs
      .enqueueMany(greetJob, [{ payload: { greeting: 'fine' }, opts: { jobId: 'many-3' } }, { payload: { greeting: '' } }])
      .catch((e: unknown) => e);
    expect((error as AppError).code).toBe('VALIDATION_ERROR');
    expect(await queue.getJob('many-3')).toBeUndefined();
    expect(await jobs.enqueueMany(greetJob, [])).toEqual([]);
  });

  it('refuses a second worker for the same queue', () => {
    expect(() => ctx.app.deps.jobs.register(greetJob)).toThrow(/already registered/);
  });

  it('close() returns within its bound even when a job never finishes', async () => {
    const { jobs } = ctx.app.deps;
    let aborted = false;
    const stuck = jobs.registerWorker('test-stuck', async (_job, _token, signal) => {
      signal?.addEventListener('abort', () => (aborted = true));
      await new Promise(() => undefined);
    });
    const active = new Promise<void>((resolve) => stuck?.on('active', () => resolve()));
    await jobs.queue('test-stuck').add('test-stuck', {});
    await active;
    const started = Date.now();
    await jobs.close({ timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(aborted).toBe(true);
    // Idempotent: app.close() calls it again.
    await jobs.close();
  });
});

describe('jobs registry without workers (RUN_WORKERS=false)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  it('queues but registers no worker', async () => {
    const { jobs } = ctx.app.deps;
    expect(jobs.runsWorkers).toBe(false);
    expect(jobs.register(greetJob)).toBeNull();
    const job = await jobs.enqueue(greetJob, { greeting: 'later' });
    expect(await job.getState()).toBe('waiting');
    await jobs.close();
  });
});

describe('jobs registry with Redis down', () => {
  it('fails fast with 503 SERVICE_UNAVAILABLE instead of hanging the request', async () => {
    const ctx = await createTestApp();
    const down = createRedis('redis://127.0.0.1:1');
    down.on('error', () => undefined);
    const jobs = createJobsRegistry({
      redisUrl: 'redis://127.0.0.1:1',
      prefix: ctx.env.REDIS_PREFIX,
      redis: down,
      runWorkers: false,
      log: ctx.app.deps.log,
      closeTimeoutMs: 200,
      deps: () => ctx.app.deps,
    });
    try {
      const first = jobs.queue('test-greet');
      const started = Date.now();
      const error = await jobs.enqueue(greetJob, { greeting: 'hi' }).catch((e: unknown) => e);
      expect(Date.now() - started).toBeLessThan(2500);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('SERVICE_UNAVAILABLE');
      // The failed queue is not kept: the next call starts over.
      expect(jobs.queue('test-greet')).not.toBe(first);
    } finally {
      await jobs.close();
      down.disconnect();
      await ctx.close();
    }
  });
});

describe('app close order', () => {
  it('closes workers first, then its own Redis, then its database', async () => {
    const base = await createTestApp();
    const app = await buildApp({ env: { ...base.env, RUN_WORKERS: true }, logger: false });
    await app.ready();
    const worker = app.deps.jobs.register(defineJob({ id: 'test-noop', payload: z.object({}), handle: async () => null }));
    await worker?.waitUntilReady();
    expect(worker?.isRunning()).toBe(true);

    const order: string[] = [];
    const { jobs, redis, db } = app.deps;
    const closeJobs = jobs.close;
    jobs.close = async (opts) => {
      await closeJobs(opts);
      order.push(worker?.isRunning() ? 'jobs (worker still running)' : 'jobs');
    };
    redis.once('end', () => order.push('redis'));
    const disconnect = db.$disconnect.bind(db);
    db.$disconnect = async () => {
      order.push('db');
      await disconnect();
    };

    await app.close();
    expect(order).toEqual(['jobs', 'redis', 'db']);
    expect(redis.status).toBe('end');
    await base.close();
  });
});
