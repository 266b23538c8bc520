import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_ENGINE_MESSAGES } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createLeadWorld, leadPayload, type LeadWorld } from './lead-test-kit.js';
import { LEAD_SLA_SWEEP_JOB_ID } from './lead-sla-sweep.job.js';

// With real BullMQ workers (RUN_WORKERS=true) on the real clock: the delayed clock jobs fire and move a lead
// to the pool and then to the manager; the sync calls run as jobs whose status the caller reads.

let ctx: TestContext;
let world: LeadWorld;
let headers: { authorization: string };

beforeAll(async () => {
  ctx = await createTestApp({ envOverrides: { RUN_WORKERS: 'true', JOBS_CLOSE_TIMEOUT_MS: '500' } });
  world = await createLeadWorld(ctx);
  headers = await world.manager.headers();
});
afterAll(async () => ctx.close());

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('SLA clock on BullMQ workers', () => {
  it('moves a lead whose initial SLA passes to the pool, then to the manager', async () => {
    const now = Date.now();
    // Manual SLA dates a few seconds ahead stand in for the asset's minutes.
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/properties/leads/create',
      headers,
      payload: leadPayload(world, (await world.customer()).id, {
        setAutoSLADetails: false,
        initialSlaEndDate: new Date(now + 1500).toISOString(),
        freePoolSlaEndDate: new Date(now + 4000).toISOString(),
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data._id as string;
    const read = () => ctx.db.lead.findUniqueOrThrow({ where: { id }, include: { assignments: { orderBy: { assignedAt: 'asc' } } } });

    const pooled = await waitFor(read, (lead) => lead.isInFreePool || lead.isAssignedFromLeadPool);
    expect(pooled.isInFreePool).toBe(true);
    expect(pooled.agentId).toBe(world.listing.agentId);
    expect(Date.now()).toBeLessThan(now + 4000);

    const escalated = await waitFor(read, (lead) => lead.isAssignedFromLeadPool);
    expect(escalated).toMatchObject({ isInFreePool: false, isAssignedFromLeadPool: true, agentId: world.manager.member.id });
    expect(escalated.assignments.map((a) => a.reason)).toEqual(['auto', 'pool_expired']);
  });

  it('registers the repeatable sweep', async () => {
    const schedulers = await ctx.app.deps.jobs.queue(LEAD_SLA_SWEEP_JOB_ID).getJobSchedulers();
    expect(schedulers.map((s) => [s.key, s.every])).toEqual([[LEAD_SLA_SWEEP_JOB_ID, 30_000]]);
  });
});

describe('sync calls', () => {
  const job = async (id: string) => (await ctx.app.inject({ method: 'GET', url: `/api/properties/leads/jobs/${id}`, headers })).json().data;

  it('queue a job with a visible status that records that no provider is configured', async () => {
    const lead = await ctx.db.lead.findFirstOrThrow({ where: { assetId: world.asset.id } });
    const res = await ctx.app.inject({ method: 'PATCH', url: `/api/properties/leads/sync-now/${lead.id}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ kind: 'lead-sync-one', status: 'queued', total: 1, params: { leadIds: [lead.id] } });
    const finished = await waitFor(
      () => job(res.json().data._id),
      (run) => run.status === 'failed' || run.status === 'completed',
    );
    expect(finished).toMatchObject({ status: 'failed', error: LEAD_ENGINE_MESSAGES.noSyncProvider, result: { provider: null, synced: 0 } });
    expect(finished.finishedAt).not.toBeNull();
  });

  it('name a configured provider that this release cannot drive, never faking success', async () => {
    await ctx.db.integrationConfig.create({ data: { assetId: world.asset.id, name: 'salesforce', enabled: true } });
    const leads = await ctx.db.lead.findMany({ where: { assetId: world.asset.id }, select: { id: true } });
    const multiple = await ctx.app.inject({
      method: 'POST',
      url: '/api/properties/leads/sync-multiple-leads',
      headers,
      payload: { leads: leads.map((l) => l.id) },
    });
    expect(multiple.statusCode, multiple.body).toBe(200);
    const finished = await waitFor(
      () => job(multiple.json().data._id),
      (run) => run.status !== 'queued' && run.status !== 'running',
    );
    expect(finished).toMatchObject({
      kind: 'lead-sync-multiple',
      status: 'failed',
      error: LEAD_ENGINE_MESSAGES.syncProviderUnavailable('salesforce'),
    });

    const agent = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/properties/leads/sync-agent-leads/${world.agents[0].member.id}`,
      headers,
    });
    expect(agent.json().data).toMatchObject({ kind: 'lead-sync-agent', params: { agentId: world.agents[0].member.id } });
  });

  it('keep tenancy: another asset’s lead, agent or job is 404', async () => {
    const other = await createLeadWorld(ctx, { assetName: 'Other' });
    const otherHeaders = await other.manager.headers();
    const lead = await ctx.db.lead.findFirstOrThrow({ where: { assetId: world.asset.id } });
    expect(
      (await ctx.app.inject({ method: 'PATCH', url: `/api/properties/leads/sync-now/${lead.id}`, headers: otherHeaders })).statusCode,
    ).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'PATCH',
          url: `/api/properties/leads/sync-agent-leads/${world.agents[0].member.id}`,
          headers: otherHeaders,
        })
      ).statusCode,
    ).toBe(404);
    const mine = await ctx.db.jobRun.findFirstOrThrow({ where: { assetId: world.asset.id } });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/properties/leads/jobs/${mine.id}`, headers: otherHeaders })).statusCode).toBe(
      404,
    );
    const many = await ctx.app.inject({
      method: 'POST',
      url: '/api/properties/leads/sync-multiple-leads',
      headers: otherHeaders,
      payload: { leads: [lead.id] },
    });
    expect(many.statusCode).toBe(404);
  });
});
