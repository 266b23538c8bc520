import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_MESSAGES as M, PERMISSIONS as P } from '@crm/domain';
import { createRole, createUser, loginAs } from '../../../test/factories.js';
import { GOYZER_FAKE_CREDENTIALS, startGoyzerFake, type GoyzerFake } from '../../../test/fakes/goyzer.fake.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createLeadWorld, leadPayload, type LeadWorld } from './lead-test-kit.js';
import { LEAD_SLA_SWEEP_JOB_ID } from './lead-sla-sweep.job.js';

// With real BullMQ workers (RUN_WORKERS=true) on the real clock: the delayed clock jobs fire and move a lead
// to the pool and then to the manager; the sync calls go to the primary CRM (409 naming it while it is not usable)
// and run as jobs whose status the caller reads.

let ctx: TestContext;
let world: LeadWorld;
let headers: { authorization: string };
let gz: GoyzerFake;

beforeAll(async () => {
  gz = await startGoyzerFake();
  ctx = await createTestApp({ envOverrides: { RUN_WORKERS: 'true', JOBS_CLOSE_TIMEOUT_MS: '500', INTEGRATION_BASE_URL_GOYZER: gz.url } });
  world = await createLeadWorld(ctx);
  headers = await world.manager.headers();
});
afterAll(async () => {
  await ctx.close();
  await gz.close();
});

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

/** Saves Goyzer (complete) as an integrations admin would, switched on or off. */
async function saveGoyzer(enabled: boolean) {
  const role = await createRole(ctx, [P.INTEGRATIONS_VIEW], { company: world.company });
  const admin = await loginAs(ctx, (await createUser(ctx, { role, assets: [world.asset] })).email);
  return ctx.app.inject({
    method: 'PATCH',
    url: `/api/assets/${world.asset.id}/integrations/goyzer`,
    headers: admin,
    payload: {
      enabled,
      config: { groupCode: GOYZER_FAKE_CREDENTIALS.groupCode },
      secrets: { accessCode: GOYZER_FAKE_CREDENTIALS.accessCode },
    },
  });
}

describe('sync calls', () => {
  const job = async (id: string) => (await ctx.app.inject({ method: 'GET', url: `/api/properties/leads/jobs/${id}`, headers })).json().data;

  it('answer 409 naming the primary CRM while none is set, or it is not configured or switched off', async () => {
    const lead = await ctx.db.lead.findFirstOrThrow({ where: { assetId: world.asset.id } });
    const syncNow = () => ctx.app.inject({ method: 'PATCH', url: `/api/properties/leads/sync-now/${lead.id}`, headers });
    const none = await syncNow();
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ message: M.noPrimaryCrm, data: { provider: 'none', reason: 'NOT_CONFIGURED' } });
    await ctx.db.asset.update({ where: { id: world.asset.id }, data: { primaryCrm: 'goyzer' } });
    expect((await syncNow()).json()).toMatchObject({
      message: M.notConfigured('Goyzer'),
      data: { provider: 'goyzer', reason: 'NOT_CONFIGURED' },
    });
    const multiple = await ctx.app.inject({
      method: 'POST',
      url: '/api/properties/leads/sync-multiple-leads',
      headers,
      payload: { leads: [lead.id] },
    });
    expect(multiple.statusCode).toBe(409);
    // Complete but switched off.
    const saved = await saveGoyzer(false);
    expect(saved.statusCode, saved.body).toBe(200);
    const agent = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/properties/leads/sync-agent-leads/${world.agents[0].member.id}`,
      headers,
    });
    expect(agent.statusCode).toBe(409);
    expect(agent.json().data).toEqual({ provider: 'goyzer', reason: 'DISABLED' });
  });

  it('queue the push to the primary CRM, whose job the caller reads until it completes', async () => {
    expect((await saveGoyzer(true)).statusCode).toBe(200);
    const leads = await ctx.db.lead.findMany({ where: { assetId: world.asset.id }, select: { id: true } });
    const multiple = await ctx.app.inject({
      method: 'POST',
      url: '/api/properties/leads/sync-multiple-leads',
      headers,
      payload: { leads: leads.map((l) => l.id) },
    });
    expect(multiple.statusCode, multiple.body).toBe(200);
    expect(multiple.json().data).toMatchObject({ kind: 'lead-sync-multiple', status: 'queued', params: { provider: 'goyzer' } });
    const finished = await waitFor(
      () => job(multiple.json().data._id),
      (run) => run.status === 'completed' || run.status === 'failed',
    );
    expect(finished).toMatchObject({ status: 'completed', error: null, progress: leads.length });
    expect(gz.contacts.length).toBe(leads.length);
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
