import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.js';
import type { App } from './app.js';
import { LEAD_SLA_SWEEP_JOB_ID } from './modules/leads/index.js';
import { createLeadWorld, leadPayload, type LeadWorld } from './modules/leads/testing.js';
import { buildWorker } from './worker-app.js';

// API and workers as separate processes (docs/scaling.md): an API instance with RUN_WORKERS=false only queues; the
// worker (worker-app.ts, what dist/worker.js runs) consumes what any API instance queued, answers its health
// checks, and closes cleanly.

let api: TestContext;
let worker: App;
let world: LeadWorld;

beforeAll(async () => {
  api = await createTestApp({ envOverrides: { RUN_WORKERS: 'false', JOBS_CLOSE_TIMEOUT_MS: '500' } });
  // Its own connections, from the same environment, as a separate process would open them.
  worker = await buildWorker({ env: api.env, logger: false });
  await worker.ready();
  world = await createLeadWorld(api);
});
afterAll(async () => {
  await worker?.close();
  await api?.close();
});

describe('API-only instance', () => {
  it('runs no worker and no scheduler of its own', async () => {
    expect(api.app.deps.jobs.runsWorkers).toBe(false);
    expect(api.app.deps.env.RUN_WORKERS).toBe(false);
  });
});

describe('worker process', () => {
  it('runs the workers and the SLA sweep whatever RUN_WORKERS says for the API', async () => {
    expect(worker.deps.jobs.runsWorkers).toBe(true);
    // Registered once the worker is ready (read through the API instance's queue: both share the prefix).
    const schedulers = await api.app.deps.jobs.queue(LEAD_SLA_SWEEP_JOB_ID).getJobSchedulers();
    expect(schedulers.map((s) => s.key)).toEqual([LEAD_SLA_SWEEP_JOB_ID]);
  });

  it('answers its health and readiness checks', async () => {
    expect((await worker.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    const ready = await worker.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ database: 'up', redis: 'up' });
    expect((await worker.inject({ method: 'GET', url: '/api/leads' })).statusCode).toBe(404);
  });

  it('moves a lead created through the API along its SLA clock', async () => {
    const now = Date.now();
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/properties/leads/create',
      headers: await world.manager.headers(),
      payload: leadPayload(world, (await world.customer()).id, {
        setAutoSLADetails: false,
        initialSlaEndDate: new Date(now + 1000).toISOString(),
        freePoolSlaEndDate: new Date(now + 2500).toISOString(),
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data._id as string;
    const until = Date.now() + 15_000;
    let lead = await api.db.lead.findUniqueOrThrow({ where: { id }, include: { assignments: true } });
    while (!lead.isAssignedFromLeadPool && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      lead = await api.db.lead.findUniqueOrThrow({ where: { id }, include: { assignments: true } });
    }
    expect(lead.isAssignedFromLeadPool).toBe(true);
    expect(lead.assignments.map((a) => a.reason).sort()).toEqual(['auto', 'pool_expired']);
  });

  it('closes its workers, then its connections', async () => {
    await worker.close();
    expect(worker.deps.redis.status).toBe('end');
    expect(() => worker.deps.jobs.registerWorker('late', async () => null)).toThrow(/closing/);
  });
});
