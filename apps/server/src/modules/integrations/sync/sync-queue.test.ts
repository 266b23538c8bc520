import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INTEGRATION_MESSAGES as M } from '@crm/domain';
import { Redis } from 'ioredis';
import { type Job, Worker } from 'bullmq';
import { createJobsRegistry } from '../../../core/jobs/jobs-registry.js';
import { createTenant } from '../../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../../test/test-app.js';
import type { IntegrationRow } from '../integration-record.js';
import { syncQueueName } from './provider-sync.job.js';
import { queueSyncRun, syncJobId } from './sync-queue.js';

// Queueing a run beside the runs already in the queue (sync/sync-queue.ts), over real PostgreSQL and Redis with the
// queue's jobs put by hand in the states a worker leaves them in: a write's run joins a run that has not started,
// follows one that is running, and is never dropped, whatever the job it finds is doing when it looks.

const QUEUE = syncQueueName('propertyfinder');
let ctx: TestContext;
let row: IntegrationRow;
let redis: Redis;
let worker: Worker;
const listingId = '0190a5b0-0000-7000-8000-000000000001';

beforeAll(async () => {
  ctx = await createTestApp();
  const { asset } = await createTenant(ctx);
  row = await ctx.db.integrationConfig.create({ data: { assetId: asset.id, name: 'propertyfinder', enabled: true, status: 'connected' } });
  redis = new Redis(ctx.app.deps.env.REDIS_URL, { maxRetriesPerRequest: null });
  // A worker driven by hand (no processor loop): it takes a job and finishes it when the test says so.
  worker = new Worker(QUEUE, null, { connection: redis, prefix: ctx.app.deps.env.REDIS_PREFIX, autorun: false });
});
afterAll(async () => {
  await worker?.close();
  await redis?.quit();
  await ctx?.close();
});
beforeEach(async () => {
  await ctx.app.deps.jobs.queue(QUEUE).obliterate({ force: true });
});

const queue = () => ctx.app.deps.jobs.queue(QUEUE);
const jobId = () => syncJobId(row, ['listings'], [listingId]);
const queueWrite = () => queueSyncRun(ctx.app.deps, row, ['listings'], [listingId], { followRunning: true });
const runStatus = async (id: string) => (await ctx.db.syncRun.findUniqueOrThrow({ where: { id } })).status;
/** The sync jobs in the queue that have not started, by the run they carry. */
const waitingRuns = async () => (await queue().getJobs(['waiting', 'delayed', 'prioritized'])).map((job) => job.data.syncRunId as string);

/** A write's run whose job a worker has taken (a run marked `running`, its job active under the worker's lock). */
async function takenRun(id: string): Promise<{ runId: string; job: Job; token: string }> {
  const runId = await queueSyncRun(ctx.app.deps, row, ['listings'], [listingId]);
  const token = `token-${runId}`;
  const job = (await worker.getNextJob(token)) as Job;
  expect(job.id).toBe(id);
  await ctx.db.syncRun.update({ where: { id: runId }, data: { status: 'running' } });
  return { runId, job, token };
}

describe('a listing write queues its Property Finder run', () => {
  it('joins a run that has not started: it reads the records when it runs', async () => {
    const first = await queueWrite();
    expect(await queueWrite()).toBe(first);
    expect(await waitingRuns()).toEqual([first]);
  });

  it('follows a run that is running: one more waits behind it, and later writes join that one', async () => {
    const running = await takenRun(jobId());
    const next = await queueWrite();
    expect(next).not.toBe(running.runId);
    expect((await queue().getJob(`${jobId()}-next`))?.data.syncRunId).toBe(next);
    expect(await queueWrite()).toBe(next);
    await running.job.moveToCompleted('done', running.token, false);
  });

  it('is not joined to a run whose job has finished since its run was read', async () => {
    // The run still says running, but its job is done (kept, as a worker leaves it before removing it): it read the
    // listing before this write, so joining it would drop the write.
    const done = await takenRun(jobId());
    done.job.opts.removeOnComplete = false;
    await done.job.moveToCompleted('done', done.token, false);
    expect(await done.job.getState()).toBe('completed');
    expect(await runStatus(done.runId)).toBe('running');
    const next = await queueWrite();
    expect(next).not.toBe(done.runId);
    expect(await waitingRuns()).toEqual([next]);
    expect((await queue().getJob(jobId()))?.data.syncRunId).toBe(next);
  });

  it('is queued under an id of its own when the run and its follower are both running', async () => {
    const first = await takenRun(jobId());
    const follower = await queueWrite();
    const token = `token-${follower}`;
    const followerJob = (await worker.getNextJob(token)) as Job;
    expect(followerJob.data.syncRunId).toBe(follower);
    await ctx.db.syncRun.update({ where: { id: follower }, data: { status: 'running' } });
    // Both running may have read the listing before this write: a third run is queued, not joined.
    const third = await queueWrite();
    expect([first.runId, follower]).not.toContain(third);
    expect(await runStatus(third)).toBe('queued');
    expect(await waitingRuns()).toEqual([third]);
    expect((await queue().getJob(`${jobId()}-${third}`))?.data.syncRunId).toBe(third);
    await first.job.moveToCompleted('done', first.token, false);
    await followerJob.moveToCompleted('done', token, false);
  });

  it('is queued under an id of its own when a finished run keeps its id', async () => {
    // A plain run (not a write's): its job is held by a worker that has not let it go though its run has ended.
    const stuck = await takenRun(jobId());
    await ctx.db.syncRun.update({ where: { id: stuck.runId }, data: { status: 'completed' } });
    const again = await queueSyncRun(ctx.app.deps, row, ['listings'], [listingId]);
    expect(again).not.toBe(stuck.runId);
    expect(await waitingRuns()).toEqual([again]);
    await stuck.job.moveToCompleted('done', stuck.token, false);
  });
});

describe('with Redis down', () => {
  it('ends the run saying it was not started, instead of leaving it queued', async () => {
    const down = new Redis('redis://127.0.0.1:1', {
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      lazyConnect: true,
      retryStrategy: () => null,
    });
    down.on('error', () => undefined);
    const jobs = createJobsRegistry({
      redis: down,
      redisUrl: 'redis://127.0.0.1:1',
      prefix: ctx.app.deps.env.REDIS_PREFIX,
      runWorkers: false,
      closeTimeoutMs: 500,
      log: ctx.app.deps.log,
      deps: () => ctx.app.deps,
    });
    try {
      const before = new Date();
      await expect(queueSyncRun({ ...ctx.app.deps, jobs }, row, ['listings'], [listingId])).rejects.toThrow();
      const [run] = await ctx.db.syncRun.findMany({ where: { integrationId: row.id, createdAt: { gte: before } } });
      expect(run).toMatchObject({ status: 'failed', error: M.syncNotQueued });
      expect(run?.finishedAt).toBeInstanceOf(Date);
    } finally {
      await jobs.close();
      down.disconnect();
    }
  });
});
