import { randomUUID } from 'node:crypto';
import type { Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createRedis } from '../../core/redis.js';
import { Prisma } from '../../generated/prisma/client.js';
import { createJobsRegistry } from '../../core/jobs/jobs-registry.js';
import { createLeadWorld, leadPayload, movingClock, type LeadWorld } from './lead-test-kit.js';
import { leadSlaJob, LEAD_SLA_JOB_ID, slaJobId } from './lead-sla.job.js';
import { runLeadSlaSweep } from './lead-sla-sweep.job.js';
import type { ClockResult } from './lead-sla.service.js';

// The SLA clock (docs/leads.md 'The clock'): a passed initial end moves the lead to the pool, a passed pool end to the manager;
// through the BullMQ jobs, through the sweep alone when Redis is gone, never twice, one stage at a time, and a late
// entry into the pool keeps the pool's whole time. (A real outage of PostgreSQL: lead-sla-outage.test.ts.)

const T0 = new Date('2026-11-22T08:00:00.000Z');
const clock = movingClock(T0);
let ctx: TestContext;
let world: LeadWorld;

async function createLead(overrides: Record<string, unknown> = {}) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/properties/leads/create',
    headers: await world.manager.headers(),
    payload: leadPayload(world, (await world.customer()).id, overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { _id: string; initialSlaEndDate: string; freePoolSlaEndDate: string };
}

/** Runs the clock job's handler as a worker would (JobDefinition.handle answers unknown: typed here). */
const runJob = async (leadId: string, phase: 'initial' | 'pool', deadline: string) =>
  (await leadSlaJob.handle(
    { leadId, phase, deadline },
    { deps: ctx.app.deps, job: { id: 'test' } as Job, signal: undefined },
  )) as ClockResult;

const snapshot = (id: string) =>
  ctx.db.lead.findUniqueOrThrow({ where: { id }, include: { assignments: { orderBy: { assignedAt: 'asc' } } } });

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  world = await createLeadWorld(ctx);
});
afterAll(async () => ctx.close());

describe('clock jobs', () => {
  it('are queued per lead, phase and deadline, delayed until the deadline: the pool’s once the lead enters it', async () => {
    clock.set(T0);
    const lead = await createLead();
    const queue = ctx.app.deps.jobs.queue(LEAD_SLA_JOB_ID);
    const initial = await queue.getJob(slaJobId(lead._id, 'initial', new Date(lead.initialSlaEndDate)));
    expect(await initial?.getState()).toBe('delayed');
    expect(initial?.opts.delay).toBe(30 * 60_000);
    // Retried through an outage, not 5 times and dropped.
    expect(initial?.opts.attempts).toBeGreaterThan(10_000);
    expect(await queue.getJob(slaJobId(lead._id, 'pool', new Date(lead.freePoolSlaEndDate)))).toBeUndefined();

    clock.set(new Date(lead.initialSlaEndDate));
    expect((await runJob(lead._id, 'initial', lead.initialSlaEndDate)).step).toBe('enter_pool');
    const pool = await queue.getJob(slaJobId(lead._id, 'pool', new Date(lead.freePoolSlaEndDate)));
    expect(pool?.opts.delay).toBe(120 * 60_000);
    expect(pool?.data).toEqual({ leadId: lead._id, phase: 'pool', deadline: lead.freePoolSlaEndDate });
  });

  it('are queued for deadlines near at hand too (those wait for the commit), and a job of an unsaved lead changes nothing', async () => {
    clock.set(T0);
    const near = {
      setAutoSLADetails: false,
      initialSlaEndDate: new Date(T0.getTime() + 20_000).toISOString(),
      freePoolSlaEndDate: new Date(T0.getTime() + 40_000).toISOString(),
    };
    const lead = await createLead(near);
    const queue = ctx.app.deps.jobs.queue(LEAD_SLA_JOB_ID);
    expect((await queue.getJob(slaJobId(lead._id, 'initial', new Date(near.initialSlaEndDate))))?.opts.delay).toBe(20_000);
    // Far deadlines are queued while their batch is written: if it then fails, the job finds no lead.
    expect((await runJob(randomUUID(), 'initial', T0.toISOString())).step).toBeNull();
  });

  it('move an unaccepted lead to the pool, then to the manager; a repeated or early job changes nothing', async () => {
    clock.set(T0);
    const lead = await createLead();
    clock.set(new Date(T0.getTime() + 10 * 60_000));
    expect((await runJob(lead._id, 'initial', lead.initialSlaEndDate)).step).toBeNull();

    clock.set(new Date(lead.initialSlaEndDate));
    expect((await runJob(lead._id, 'initial', lead.initialSlaEndDate)).step).toBe('enter_pool');
    const inPool = await snapshot(lead._id);
    // On time: the planned pool end stands.
    expect(inPool).toMatchObject({
      isInFreePool: true,
      agentId: world.listing.agentId,
      freePoolSlaEndDate: new Date(lead.freePoolSlaEndDate),
    });
    // The same job again (at-least-once delivery): nothing moves.
    expect((await runJob(lead._id, 'initial', lead.initialSlaEndDate)).step).toBeNull();
    expect(await snapshot(lead._id)).toEqual(inPool);

    clock.set(new Date(new Date(lead.freePoolSlaEndDate).getTime() + 1000));
    expect((await runJob(lead._id, 'pool', lead.freePoolSlaEndDate)).step).toBe('escalate');
    const escalated = await snapshot(lead._id);
    expect(escalated).toMatchObject({
      isInFreePool: false,
      isAssignedFromLeadPool: true,
      agentId: world.manager.member.id,
      officeName: 'Head Office',
    });
    expect(escalated.assignments.map((a) => [a.reason, a.agentId])).toEqual([
      ['auto', world.listing.agentId],
      ['pool_expired', world.manager.member.id],
    ]);
    for (let i = 0; i < 2; i += 1) expect((await runJob(lead._id, 'pool', lead.freePoolSlaEndDate)).step).toBeNull();
    expect(await snapshot(lead._id)).toEqual(escalated);
  });

  it('do nothing once the lead was accepted before the initial end (the clock stopped)', async () => {
    clock.set(T0);
    const lead = await createLead();
    clock.advanceMinutes(5);
    const accept = await ctx.app.inject({
      method: 'POST',
      url: `/api/properties/leads/accept/${lead._id}`,
      headers: await world.agents[0].headers(),
    });
    expect(accept.statusCode, accept.body).toBe(200);
    clock.advanceMinutes(600);
    expect((await runJob(lead._id, 'initial', lead.initialSlaEndDate)).step).toBeNull();
    expect((await runJob(lead._id, 'pool', lead.freePoolSlaEndDate)).step).toBeNull();
    expect(await snapshot(lead._id)).toMatchObject({
      isAccepted: true,
      isInFreePool: false,
      isAssignedFromLeadPool: false,
      agentId: world.listing.agentId,
    });
  });

  it('escalates to the asset’s first manager when the agent reports to nobody', async () => {
    clock.set(T0);
    const lead = await createLead({ isManualAssignment: true, agent: world.agents[1].member.id, sendToPool: true });
    await ctx.db.teamMember.update({ where: { id: world.agents[1].member.id }, data: { reportedToId: null } });
    try {
      clock.set(new Date(lead.freePoolSlaEndDate));
      expect((await runJob(lead._id, 'pool', lead.freePoolSlaEndDate)).step).toBe('escalate');
      // Agent Bob is now a manager himself, but the first manager of the asset is Manager Mia.
      expect((await snapshot(lead._id)).agentId).toBe(world.manager.member.id);
    } finally {
      await ctx.db.teamMember.update({ where: { id: world.agents[1].member.id }, data: { reportedToId: world.manager.member.id } });
    }
  });
});

describe('with Redis unavailable', () => {
  it('still creates the lead, and the sweep alone moves it to the pool and then to the manager', async () => {
    const down = createRedis('redis://127.0.0.1:1');
    down.on('error', () => undefined);
    const deps = ctx.app.deps;
    const working = deps.jobs;
    deps.jobs = createJobsRegistry({
      redisUrl: 'redis://127.0.0.1:1',
      prefix: ctx.env.REDIS_PREFIX,
      redis: down,
      runWorkers: false,
      log: deps.log,
      closeTimeoutMs: 200,
      deps: () => deps,
    });
    try {
      clock.set(T0);
      // Earlier tests' leads would be due too: close them so the counts below are this lead's.
      await ctx.db.lead.updateMany({ data: { status: 'Closed' } });
      const lead = await createLead();
      // Nothing reached Redis for it.
      expect(await working.queue(LEAD_SLA_JOB_ID).getJob(slaJobId(lead._id, 'initial', new Date(lead.initialSlaEndDate)))).toBeUndefined();

      clock.set(new Date(T0.getTime() + 29 * 60_000));
      expect(await runLeadSlaSweep(deps)).toMatchObject({ toPool: 0, toManager: 0 });
      clock.set(new Date(T0.getTime() + 31 * 60_000));
      expect(await runLeadSlaSweep(deps)).toMatchObject({ toPool: 1, toManager: 0 });
      // A minute late into the pool: its end moves a minute, the pool keeps its 120.
      expect(await snapshot(lead._id)).toMatchObject({ isInFreePool: true, freePoolSlaEndDate: new Date(T0.getTime() + 151 * 60_000) });
      expect(await runLeadSlaSweep(deps)).toMatchObject({ checked: 0 });

      clock.set(new Date(T0.getTime() + 151 * 60_000));
      expect(await runLeadSlaSweep(deps)).toMatchObject({ toPool: 0, toManager: 1 });
      expect(await snapshot(lead._id)).toMatchObject({
        isInFreePool: false,
        isAssignedFromLeadPool: true,
        agentId: world.manager.member.id,
      });
    } finally {
      const dead = deps.jobs;
      deps.jobs = working;
      await dead.close();
      down.disconnect();
    }
  });

  it('a lead stranded past both deadlines enters the pool with its whole pool time, and only then goes to the manager', async () => {
    clock.set(T0);
    await ctx.db.lead.updateMany({ data: { status: 'Closed' } });
    const lead = await createLead();
    const back = new Date(T0.getTime() + 24 * 60 * 60_000);
    clock.set(back);
    expect(await runLeadSlaSweep(ctx.app.deps)).toMatchObject({ toPool: 1, toManager: 0 });
    const pooled = await snapshot(lead._id);
    // The 120 minutes of pool, from the moment it entered.
    expect(pooled).toMatchObject({ isInFreePool: true, isAssignedFromLeadPool: false, agentId: world.listing.agentId });
    expect(pooled.freePoolSlaEndDate).toEqual(new Date(back.getTime() + 120 * 60_000));
    expect(pooled.initialSlaEndDate).toEqual(new Date(lead.initialSlaEndDate));
    expect(await runLeadSlaSweep(ctx.app.deps)).toMatchObject({ checked: 0 });
    // Its pool job waits for the moved end.
    const queue = ctx.app.deps.jobs.queue(LEAD_SLA_JOB_ID);
    expect((await queue.getJob(slaJobId(lead._id, 'pool', new Date(back.getTime() + 120 * 60_000))))?.opts.delay).toBe(120 * 60_000);

    clock.set(new Date(back.getTime() + 119 * 60_000));
    expect(await runLeadSlaSweep(ctx.app.deps)).toMatchObject({ checked: 0 });
    // The job of the planned (passed) pool end, run late, changes nothing either.
    expect((await runJob(lead._id, 'pool', lead.freePoolSlaEndDate)).step).toBeNull();
    clock.set(new Date(back.getTime() + 120 * 60_000));
    expect(await runLeadSlaSweep(ctx.app.deps)).toMatchObject({ toPool: 0, toManager: 1 });
    const after = await snapshot(lead._id);
    expect(after).toMatchObject({ isAssignedFromLeadPool: true, agentId: world.manager.member.id });
    expect(after.assignments.map((a) => a.reason)).toEqual(['auto', 'pool_expired']);
  });

  it('a late initial job moves the pool end by its delay: the pool is never cut short', async () => {
    clock.set(T0);
    const lead = await createLead();
    // The initial end passed 7 minutes ago (the database did not answer): the pool keeps its 120 minutes.
    const late = new Date(new Date(lead.initialSlaEndDate).getTime() + 7 * 60_000);
    clock.set(late);
    expect((await runJob(lead._id, 'initial', lead.initialSlaEndDate)).step).toBe('enter_pool');
    const movedEnd = new Date(new Date(lead.freePoolSlaEndDate).getTime() + 7 * 60_000);
    expect((await snapshot(lead._id)).freePoolSlaEndDate).toEqual(movedEnd);
    clock.set(new Date(lead.freePoolSlaEndDate));
    expect((await runJob(lead._id, 'pool', lead.freePoolSlaEndDate)).step).toBeNull();
    clock.set(movedEnd);
    expect((await runJob(lead._id, 'pool', movedEnd.toISOString())).step).toBe('escalate');
  });
});

describe('POST lead-pool-sla', () => {
  const sla = async (body: Record<string, unknown>) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/properties/leads/lead-pool-sla',
      headers: await world.manager.headers(),
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('answers the dates a lead would get now', async () => {
    clock.set(T0);
    expect(await sla({ agent: world.agents[0].member.id })).toEqual({
      initialSlaEndDate: '2026-11-22T08:30:00.000Z',
      freePoolSlaEndDate: '2026-11-22T10:30:00.000Z',
      limitsWarning: null,
    });
    expect(await sla({ sendToPool: true })).toMatchObject({
      initialSlaEndDate: T0.toISOString(),
      freePoolSlaEndDate: '2026-11-22T10:00:00.000Z',
    });
    expect(await sla({ parentId: world.listing.id, sendToPool: true })).toMatchObject({
      initialSlaEndDate: null,
      freePoolSlaEndDate: null,
    });
    expect(await sla({ customerType: 'Spam' })).toMatchObject({ initialSlaEndDate: null, freePoolSlaEndDate: null });
  });

  it('counts only working hours, in the asset’s zone', async () => {
    // Sunday 2026-11-22 12:00 Dubai; working Monday-Friday 09:00-18:00 Dubai.
    await ctx.db.asset.update({
      where: { id: world.asset.id },
      data: { workingHours: [1, 2, 3, 4, 5].map((day) => ({ day, start: '09:00', end: '18:00' })) },
    });
    try {
      clock.set(T0);
      expect(await sla({})).toMatchObject({
        initialSlaEndDate: '2026-11-23T05:30:00.000Z',
        freePoolSlaEndDate: '2026-11-23T07:30:00.000Z',
      });
    } finally {
      await ctx.db.asset.update({ where: { id: world.asset.id }, data: { workingHours: Prisma.DbNull } });
    }
  });

  it('rejects unknown fields', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/properties/leads/lead-pool-sla',
      headers: await world.manager.headers(),
      payload: { hack: true },
    });
    expect(res.statusCode).toBe(400);
  });
});
