import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createLeadWorld, leadPayload, type LeadWorld } from './lead-test-kit.js';

// docs/leads.md 'Who gets a new lead': strategies (fair under concurrency), the initial-agent preview, budget.

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

async function createLead(world: LeadWorld, headers: { authorization: string }, overrides: Record<string, unknown> = {}) {
  const customer = await world.customer();
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/properties/leads/create',
    headers,
    payload: leadPayload(world, customer.id, { listing: world.listingWithoutAgent.id, ...overrides }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { _id: string; agent: { _id: string }; leadID: string };
}

function countBy(ids: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

describe('round robin', () => {
  it('spreads 50 leads created at the same moment evenly (no agent more than one ahead)', async () => {
    const world = await createLeadWorld(ctx, { extraAgents: 4 });
    const headers = await world.manager.headers();
    const customers = await Promise.all(Array.from({ length: 50 }, () => world.customer()));
    const responses = await Promise.all(
      customers.map((customer) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/properties/leads/create',
          headers,
          payload: leadPayload(world, customer.id, { listing: world.listingWithoutAgent.id }),
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const leads = responses.map((r) => r.json().data as { agent: { _id: string }; leadID: string });
    const counts = [...countBy(leads.map((l) => l.agent._id)).values()];
    // 7 eligible agents (the manager, the test agent and the disabled agent never receive leads).
    expect(counts).toHaveLength(7);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    expect(new Set(leads.map((l) => l.leadID)).size).toBe(50);
    const asset = await ctx.db.asset.findUniqueOrThrow({ where: { id: world.asset.id } });
    expect(asset.leadSequence).toBe(50);
    const excluded = [world.manager.member.id, world.testAgent.id, world.disabledAgent.id];
    expect(leads.some((l) => excluded.includes(l.agent._id))).toBe(false);
  });
});

describe('least_loaded and weighted', () => {
  it('least_loaded gives the lead to whoever has the fewest open leads', async () => {
    const world = await createLeadWorld(ctx);
    const headers = await world.manager.headers();
    const [a, b, c] = world.agents.map((agent) => agent.member.id) as [string, string, string];
    for (const agent of [a, a, c]) await createLead(world, headers, { isManualAssignment: true, agent });
    await ctx.db.asset.update({ where: { id: world.asset.id }, data: { assignmentStrategy: 'least_loaded' } });
    const first = await createLead(world, headers);
    expect(first.agent._id).toBe(b);
    await createLead(world, headers);
    await createLead(world, headers);
    const open = await ctx.db.lead.groupBy({ by: ['agentId'], where: { assetId: world.asset.id, status: 'Open' }, _count: { _all: true } });
    expect(open.map((row) => row._count._all)).toEqual([2, 2, 2]);
  });

  it('weighted shares leads in proportion to leadWeight (weight 0 takes none)', async () => {
    const world = await createLeadWorld(ctx, { extraAgents: 1 });
    const headers = await world.manager.headers();
    const [a, b, c] = world.agents.map((agent) => agent.member.id) as [string, string, string];
    await ctx.db.teamMember.update({ where: { id: a }, data: { leadWeight: 2 } });
    await ctx.db.teamMember.updateMany({ where: { assetId: world.asset.id, name: { startsWith: 'Extra' } }, data: { leadWeight: 0 } });
    await ctx.db.asset.update({ where: { id: world.asset.id }, data: { assignmentStrategy: 'weighted' } });
    const leads = [];
    for (let i = 0; i < 8; i += 1) leads.push(await createLead(world, headers));
    const counts = countBy(leads.map((l) => l.agent._id));
    expect(Object.fromEntries([a, b, c].map((id) => [id, counts.get(id)]))).toEqual({ [a]: 4, [b]: 2, [c]: 2 });
    expect(counts.size).toBe(3);
  });
});

describe('GET initial-agent', () => {
  let world: LeadWorld;
  let headers: { authorization: string };
  const preview = async (query: Record<string, string>) => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/properties/leads/initial-agent', headers, query });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      agent: { _id: string; name: string } | null;
      parent: { _id: string; leadID: string } | null;
      limitsWarning: string | null;
    };
  };
  beforeAll(async () => {
    world = await createLeadWorld(ctx);
    headers = await world.manager.headers();
  });

  it('1. a customer with an open lead: that lead is the parent and its agent is proposed', async () => {
    const customer = await world.customer();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/properties/leads/create',
      headers,
      payload: leadPayload(world, customer.id, { isManualAssignment: true, agent: world.agents[2].member.id }),
    });
    const parent = res.json().data;
    expect(await preview({ customer: customer.id, listing: world.listing.id })).toMatchObject({
      agent: { _id: world.agents[2].member.id },
      parent: { _id: parent._id, leadID: parent.leadID },
    });
  });

  it('2. a listing lead: the listing’s agent, unless disabled or a test agent', async () => {
    expect((await preview({ listing: world.listing.id })).agent).toEqual({ _id: world.listing.agentId, name: 'Agent Ann' });
    await ctx.db.teamMember.update({ where: { id: world.listing.agentId }, data: { enabled: false } });
    try {
      const fallback = await preview({ listing: world.listing.id });
      expect(fallback.agent?._id).not.toBe(world.listing.agentId);
      expect(fallback.agent).not.toBeNull();
    } finally {
      await ctx.db.teamMember.update({ where: { id: world.listing.agentId }, data: { enabled: true } });
    }
  });

  it('3-4. an off-plan lead: one of the project’s agents; otherwise any eligible member; the preview moves nothing', async () => {
    const project = await preview({ project: world.project.id });
    expect(world.project.agentIds).toContain(project.agent?._id);
    const general = await preview({});
    const again = await preview({});
    expect(general.agent).toEqual(again.agent);
    expect((await ctx.db.asset.findUniqueOrThrow({ where: { id: world.asset.id } })).roundRobinCursor).toBeNull();
  });

  it('5. nobody eligible: agent null (the browser asks for a manual choice)', async () => {
    const lonely = await createLeadWorld(ctx, { assetName: 'Lonely' });
    await ctx.db.teamMember.updateMany({ where: { assetId: lonely.asset.id }, data: { isLeadProcessEnabled: false } });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/properties/leads/initial-agent',
      headers: await lonely.manager.headers(),
    });
    expect(res.json().data).toEqual({ agent: null, parent: null, limitsWarning: null });
  });

  it('answers the quota warning for the proposed agent', async () => {
    await ctx.db.asset.update({ where: { id: world.asset.id }, data: { dailyLeadQuota: 1 } });
    try {
      expect((await preview({ agent: world.agents[2].member.id })).limitsWarning).toBe('Agent Cem has reached the daily lead quota of 1.');
    } finally {
      await ctx.db.asset.update({ where: { id: world.asset.id }, data: { dailyLeadQuota: 0 } });
    }
  });

  it('GET budget: the listing’s price range or the project’s', async () => {
    const budget = (query: Record<string, string>) =>
      ctx.app.inject({ method: 'GET', url: '/api/properties/leads/budget', headers, query });
    expect((await budget({ listing: world.listing.id })).json().data).toEqual({ minBudget: 900_000, maxBudget: 1_000_000 });
    expect((await budget({ project: world.project.id })).json().data).toEqual({ minBudget: 800_000, maxBudget: 2_500_000 });
    const other = await createLeadWorld(ctx, { assetName: 'Budget Other' });
    expect((await budget({ listing: other.listing.id })).statusCode).toBe(404);
  });
});
