import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { defineJob } from '../../core/jobs/job-definition.js';
import { recordSystemLog } from '../../core/system-log.js';
import { createWorld, restAs, type ResourceWorld } from '../../resources/resource-test-kit.js';
import { startFakeProvider } from '../../../test/fakes/fake-http.js';
import { callProvider, ProviderCallError } from '../integrations/index.js';

// Admin > System logs: a 5xx answer (REST or tRPC) leaves one row with its request id and path (never its query,
// which may carry a token), a job that failed for good leaves one, a failed provider call leaves one beside its
// integration log row, and only the company's super admins read them.

let ctx: TestContext;
let world: ResourceWorld;

const failingJob = defineJob({
  id: 'test-system-log-failing',
  payload: z.object({}).strict(),
  attempts: 1,
  handle: async () => {
    throw new Error('the provider answered 502');
  },
});

beforeAll(async () => {
  ctx = await createTestApp({
    envOverrides: { RUN_WORKERS: 'true', JOBS_CLOSE_TIMEOUT_MS: '300' },
    setup: (app) => {
      app.get('/api/test/boom', async () => {
        throw new Error('kaboom in the handler');
      });
    },
  });
  world = await createWorld(ctx);
});
afterAll(async () => ctx.close());

describe('system logs', () => {
  it('records a 500 with its request id and path, without the query string', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/test/boom?token=secret-token', headers: world.admin.headers });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe('Internal server error');
    const requestId = String(res.headers['x-request-id']);
    await expect.poll(() => ctx.db.systemLog.findFirst({ where: { requestId } })).toBeTruthy();
    const logged = await ctx.db.systemLog.findFirstOrThrow({ where: { requestId } });
    expect(logged).toMatchObject({
      source: 'http',
      event: 'request.failed',
      message: 'kaboom in the handler',
      method: 'GET',
      url: '/api/test/boom',
      status: 500,
      companyId: world.company.id,
      userId: world.admin.userId,
    });
    // A client error is not a system failure.
    const before = await ctx.db.systemLog.count();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/customers/not-a-record', headers: world.admin.headers })).statusCode).toBe(
      404,
    );
    expect(await ctx.db.systemLog.count()).toBe(before);
  });

  it('records a job that failed for good', async () => {
    const { jobs } = ctx.app.deps;
    const worker = jobs.register(failingJob);
    const failed = new Promise<void>((resolve) => worker?.on('failed', (job) => job?.finishedOn && resolve()));
    const job = await jobs.enqueue(failingJob, {});
    await failed;
    await expect
      .poll(() => ctx.db.systemLog.findFirst({ where: { jobId: job.id ?? '' } }), { timeout: 5000 })
      .toMatchObject({ source: 'job', event: 'job.failed', queue: failingJob.id, message: 'the provider answered 502', attempts: 1 });
  });

  it('records a failed provider call as an integration error of the asset’s company, a successful one not', async () => {
    const provider = await startFakeProvider(() => ({ status: 200, json: { ok: true } }));
    try {
      const integration = await ctx.db.integrationConfig.create({ data: { assetId: world.assetA.id, name: 'propertyfinder' } });
      const call = () =>
        callProvider(ctx.app.deps, integration, 'Property Finder', provider.url, { method: 'GET', path: '/v1/leads?page=1' });
      await call();
      expect(await ctx.db.systemLog.count({ where: { source: 'integration' } })).toBe(0);
      provider.failNext(502);
      await expect(call()).rejects.toBeInstanceOf(ProviderCallError);
      const failed = await ctx.db.integrationLog.findFirstOrThrow({ where: { integrationId: integration.id, outcome: 'failed' } });
      expect(failed.status).toBe(502);
      expect(await ctx.db.systemLog.findMany({ where: { source: 'integration' } })).toMatchObject([
        {
          event: 'integration.failed',
          status: 502,
          companyId: world.company.id,
          assetId: world.assetA.id,
          message: 'propertyfinder outbound GET /v1/leads: Property Finder answered HTTP 502 to GET /v1/leads.',
        },
      ]);
      // On Admin > System logs, filtered by source.
      const listed = await restAs(ctx, world.admin).get('system-logs', { query: { source: 'integration' } });
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json().data).toMatchObject([{ source: 'integration', event: 'integration.failed', status: 502 }]);
    } finally {
      await provider.close();
    }
  });

  it('lists them to the company’s super admin only, and never another company’s', async () => {
    const other = await recordSystemLog(ctx.app.deps, { source: 'http', event: 'request.failed', message: 'elsewhere', companyId: null });
    expect(other).toBe(true);
    const admin = restAs(ctx, world.admin);
    const list = await admin.get('system-logs', { limit: 100 });
    expect(list.statusCode, list.body).toBe(200);
    const messages = (list.json().data as { message: string }[]).map((row) => row.message);
    expect(messages).toContain('kaboom in the handler');
    expect(messages).not.toContain('elsewhere');
    const agent = restAs(ctx, await world.user([]));
    expect((await agent.get('system-logs')).statusCode).toBe(403);
  });

  it('stops writing rows in a flood and says how many it dropped', async () => {
    const warnings: object[] = [];
    const deps = { db: ctx.db, log: { warn: (details: object) => void warnings.push(details) } };
    const start = Date.now() + 10 * 60_000;
    let written = 0;
    for (let i = 0; i < 130; i++) if (await recordSystemLog(deps, { source: 'job', event: 'flood', message: `n${i}` }, start)) written += 1;
    expect(written).toBeLessThanOrEqual(120);
    await recordSystemLog(deps, { source: 'job', event: 'flood', message: 'later' }, start + 61_000);
    expect(warnings).toContainEqual(expect.objectContaining({ event: 'system-log.dropped' }));
  });
});
