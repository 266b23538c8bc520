import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createLeadWorld, leadPayload, movingClock, type LeadWorld } from './lead-test-kit.js';

// Integrators' leads against real PostgreSQL and Redis: POST properties/leads/chekinio creates once per
// (asset, inputSource, sourceDataId) and refreshes on redelivery, even when two identical calls race; and an API
// caller may leave the agent and the referrer to the routing.

const clock = movingClock(new Date('2026-11-22T08:00:00.000Z'));
let ctx: TestContext;
let world: LeadWorld;
let manager: { authorization: string };

const post = (url: string, payload: unknown, headers = manager) =>
  ctx.app.inject({ method: 'POST', url: `/api/properties/leads/${url}`, headers, payload: payload as Record<string, unknown> });

/** A portal's lead: no agent, no referrer, automatic assignment (a listing without agent: the strategy routes it). */
const portalLead = (customerId: string, sourceDataId: string, overrides: Record<string, unknown> = {}) => {
  const { agent: _a, referredBy: _r, ...payload } = leadPayload(world, customerId, { listing: world.listingWithoutAgent.id });
  return { ...payload, inputSource: 'propertyfinder', sourceDataId, ...overrides };
};

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  world = await createLeadWorld(ctx);
  manager = await world.manager.headers();
});
afterAll(async () => ctx.close());

describe('POST chekinio', () => {
  it('creates the lead with its source key, then a redelivery refreshes the same lead (200) and never makes a second', async () => {
    const customer = await world.customer();
    const first = await post('chekinio', portalLead(customer.id, 'PF-1', { remarks: 'First call' }));
    expect(first.statusCode, first.body).toBe(201);
    const lead = first.json().data;
    expect(lead).toMatchObject({ inputSource: 'propertyfinder', sourceDataId: 'PF-1', remarks: 'First call', stage: 'New' });

    await ctx.db.lead.update({ where: { id: lead._id }, data: { stage: 'Contacted' } });
    const again = await post('chekinio', portalLead(customer.id, 'PF-1', { remarks: 'Second call', maxPrice: 2_000_000 }));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({
      _id: lead._id,
      leadID: lead.leadID,
      remarks: 'Second call',
      maxPrice: 2_000_000,
      // Redeliveries never move the stage, the agent or the clock.
      stage: 'Contacted',
      agent: { _id: lead.agent._id },
      initialSlaEndDate: lead.initialSlaEndDate,
    });
    const rows = await ctx.db.lead.findMany({ where: { assetId: world.asset.id, sourceDataId: 'PF-1' }, include: { assignments: true } });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.assignments).toHaveLength(1);
  });

  it('makes one lead of identical calls sent at the same moment', async () => {
    const customer = await world.customer();
    const answers = await Promise.all(Array.from({ length: 6 }, () => post('chekinio', portalLead(customer.id, 'PF-race'))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.json().data._id)).size).toBe(1);
    expect(await ctx.db.lead.count({ where: { assetId: world.asset.id, sourceDataId: 'PF-race' } })).toBe(1);
  });

  it('keeps keys apart per source and per asset', async () => {
    const customer = await world.customer();
    expect((await post('chekinio', portalLead(customer.id, 'SHARED-1'))).statusCode).toBe(201);
    expect((await post('chekinio', portalLead(customer.id, 'SHARED-1', { inputSource: 'bayut' }))).statusCode).toBe(201);
    const other = await createLeadWorld(ctx, { assetName: 'Other Upsert Asset' });
    const otherCustomer = await other.customer();
    const { agent: _a, referredBy: _r, ...payload } = leadPayload(other, otherCustomer.id, { listing: other.listingWithoutAgent.id });
    const res = await post(
      'chekinio',
      { ...payload, inputSource: 'propertyfinder', sourceDataId: 'SHARED-1' },
      await other.manager.headers(),
    );
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses a call without its key, and a deleted lead is not brought back silently', async () => {
    const customer = await world.customer();
    const missing = await post('chekinio', { ...portalLead(customer.id, 'x'), sourceDataId: undefined, inputSource: ' ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data).toEqual({
      inputSource: [MESSAGES.lead.inputSourceRequired],
      sourceDataId: [MESSAGES.lead.sourceDataIdRequired],
    });
    const created = await post('chekinio', portalLead(customer.id, 'PF-gone'));
    await ctx.db.lead.update({ where: { id: created.json().data._id }, data: { deletedAt: new Date() } });
    const again = await post('chekinio', portalLead(customer.id, 'PF-gone'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', message: MESSAGES.lead.upsertDeleted });
  });

  it('still refuses inputSource and sourceDataId on the form create', async () => {
    const customer = await world.customer();
    const res = await post('create', { ...leadPayload(world, customer.id), inputSource: 'x', sourceDataId: 'y' });
    expect(res.statusCode).toBe(400);
  });
});

describe('automatic assignment for API callers', () => {
  it('routes a lead that names no agent, and the routed agent becomes its referrer', async () => {
    const customer = await world.customer();
    const { agent: _a, referredBy: _r, ...payload } = leadPayload(world, customer.id, { listing: world.listingWithoutAgent.id });
    const res = await post('create', payload);
    expect(res.statusCode, res.body).toBe(201);
    const lead = res.json().data;
    const eligible = world.agents.map((a) => a.member.id);
    expect(eligible).toContain(lead.agent._id);
    const row = await ctx.db.lead.findUniqueOrThrow({ where: { id: lead._id } });
    expect(row.referredById).toBe(lead.agent._id);
  });

  it('keeps a referrer that is named', async () => {
    const customer = await world.customer();
    const { agent: _a, ...payload } = leadPayload(world, customer.id, { referredBy: world.agents[2].member.id });
    const res = await post('create', payload);
    expect(res.statusCode, res.body).toBe(201);
    expect((await ctx.db.lead.findUniqueOrThrow({ where: { id: res.json().data._id } })).referredById).toBe(world.agents[2].member.id);
  });

  it('still requires the agent of a manual assignment', async () => {
    const customer = await world.customer();
    const { agent: _a, ...payload } = leadPayload(world, customer.id, { isManualAssignment: true });
    const res = await post('create', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual({ agent: [MESSAGES.lead.agentRequired] });
  });
});
