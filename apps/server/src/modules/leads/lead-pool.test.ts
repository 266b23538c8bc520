import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_ENGINE_MESSAGES } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createLeadWorld, leadPayload, movingClock, type LeadWorld } from './lead-test-kit.js';
import { LEAD_SLA_JOB_ID, slaJobId } from './lead-sla.job.js';

// Accepting a lead (response times) and the lead pool (list, claim: first claim wins, others 409).

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
  return res.json().data as { _id: string; agent: { _id: string } };
}
const poolLead = () => createLead({ isManualAssignment: true, agent: world.agents[0].member.id, sendToPool: true });
const post = async (url: string, who: { headers: () => Promise<{ authorization: string }> }) =>
  ctx.app.inject({ method: 'POST', url: `/api/properties/leads/${url}`, headers: await who.headers() });

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  world = await createLeadWorld(ctx);
});
afterAll(async () => ctx.close());

describe('POST accept/{id}', () => {
  it('records acceptance and response minutes, and the agent’s average response time', async () => {
    const [ann] = world.agents;
    clock.set(T0);
    const first = await createLead();
    clock.advanceMinutes(12);
    const res = await post(`accept/${first._id}`, ann);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      isAccepted: true,
      acceptedAt: '2026-11-22T08:12:00.000Z',
      slaResponseTime: 12,
      slaStage: 'Initial',
    });
    const second = await createLead();
    clock.advanceMinutes(6);
    expect((await post(`accept/${second._id}`, ann)).statusCode).toBe(200);
    const assignment = await ctx.db.leadAssignment.findFirstOrThrow({ where: { leadId: second._id } });
    expect(assignment).toMatchObject({ responseMinutes: 6, acceptedAt: new Date('2026-11-22T08:18:00.000Z') });
    expect((await ctx.db.teamMember.findUniqueOrThrow({ where: { id: ann.member.id } })).averageResponseTime).toBe(9);
    // Twice: 409.
    expect((await post(`accept/${second._id}`, ann)).statusCode).toBe(409);
  });

  it('only the assigned agent may accept', async () => {
    clock.set(T0);
    const lead = await createLead();
    const res = await post(`accept/${lead._id}`, world.agents[1]);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(LEAD_ENGINE_MESSAGES.onlyAssignedAgentAccepts);
  });

  it('after the initial end the lead is in the pool, even before any job ran: accept answers 409', async () => {
    clock.set(T0);
    const lead = await createLead();
    clock.advanceMinutes(31);
    const res = await post(`accept/${lead._id}`, world.agents[0]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(LEAD_ENGINE_MESSAGES.inPoolClaimFirst);
  });
});

describe('the lead pool', () => {
  it('GET pool lists the pool leads for an eligible agent; a non-eligible member is refused', async () => {
    clock.set(T0);
    const lead = await poolLead();
    const res = await ctx.app.inject({ method: 'GET', url: '/api/properties/leads/pool', headers: await world.agents[1].headers() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((l: { _id: string }) => l._id)).toContain(lead._id);
    expect(res.json().data.every((l: { isInFreePool: boolean; slaStage: string }) => l.isInFreePool)).toBe(true);
    expect(res.json().meta.total).toBe(res.json().data.length);
    // The manager does not take leads automatically (isLeadProcessEnabled false): not a claimer.
    const manager = await ctx.app.inject({ method: 'GET', url: '/api/properties/leads/pool', headers: await world.manager.headers() });
    expect(manager.statusCode).toBe(403);
  });

  it('two agents claiming the same lead at once: exactly one wins, the other gets 409', async () => {
    clock.set(T0);
    const lead = await poolLead();
    clock.advanceMinutes(10);
    const [bob, cem] = [world.agents[1], world.agents[2]];
    const [bobHeaders, cemHeaders] = await Promise.all([bob.headers(), cem.headers()]);
    const claims = await Promise.all([
      ctx.app.inject({ method: 'POST', url: `/api/properties/leads/pool/${lead._id}/claim`, headers: bobHeaders }),
      ctx.app.inject({ method: 'POST', url: `/api/properties/leads/pool/${lead._id}/claim`, headers: cemHeaders }),
    ]);
    expect(claims.map((c) => c.statusCode).sort()).toEqual([200, 409]);
    const winner = claims.find((c) => c.statusCode === 200);
    const loser = claims.find((c) => c.statusCode === 409);
    expect(loser?.json()).toMatchObject({ code: 'CONFLICT', message: LEAD_ENGINE_MESSAGES.alreadyClaimed });
    const claimed = winner?.json().data;
    expect([bob.member.id, cem.member.id]).toContain(claimed.agent._id);
    expect(claimed).toMatchObject({
      isInFreePool: false,
      isClaimedFromPool: true,
      initialSlaEndDate: '2026-11-22T08:40:00.000Z',
      freePoolSlaEndDate: '2026-11-22T10:40:00.000Z',
      slaStage: 'Initial',
    });
    const history = await ctx.db.leadAssignment.findMany({ where: { leadId: lead._id }, orderBy: { assignedAt: 'asc' } });
    expect(history.map((h) => [h.reason, h.agentId])).toEqual([
      ['manual', world.agents[0].member.id],
      ['pool_claim', claimed.agent._id],
    ]);
    // A fresh clock for the claimer.
    const job = await ctx.app.deps.jobs.queue(LEAD_SLA_JOB_ID).getJob(slaJobId(lead._id, 'initial', new Date(claimed.initialSlaEndDate)));
    expect(job?.opts.delay).toBe(30 * 60_000);
    // The winner accepts within the fresh SLA.
    const winnerAgent = claimed.agent._id === bob.member.id ? bob : cem;
    expect((await post(`accept/${lead._id}`, winnerAgent)).statusCode).toBe(200);
  });

  it('a lead past both its ends that no job moved yet (an outage) is claimable: it enters the pool first', async () => {
    clock.set(T0);
    const lead = await createLead();
    // The initial end (08:30) and the planned pool end (10:30) both passed while nothing ran.
    clock.set(new Date('2026-11-22T12:00:00.000Z'));
    const res = await post(`pool/${lead._id}/claim`, world.agents[1]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      agent: { _id: world.agents[1].member.id },
      isClaimedFromPool: true,
      isAssignedFromLeadPool: false,
    });
    const history = await ctx.db.leadAssignment.findMany({ where: { leadId: lead._id }, orderBy: { assignedAt: 'asc' } });
    expect(history.map((h) => h.reason)).toEqual(['auto', 'pool_claim']);
  });

  it('a lead not in the pool cannot be claimed (409), another asset’s lead is 404', async () => {
    clock.set(T0);
    const lead = await createLead();
    expect((await post(`pool/${lead._id}/claim`, world.agents[1])).statusCode).toBe(409);
    const other = await createLeadWorld(ctx, { assetName: 'Other' });
    expect((await post(`pool/${lead._id}/claim`, other.agents[0])).statusCode).toBe(404);
  });
});
