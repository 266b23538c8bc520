import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_DEFAULT_SOURCES, LEAD_FUNNEL_STAGES, LEAD_STAGES } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { loginAs } from '../../../test/factories.js';
import { createLeadWorld, leadPayload, movingClock, type LeadWorld } from './lead-test-kit.js';

// The read calls: stages, sources, history, the sales funnel (ranges in the caller's zone), the
// Better Agent office statistics, and the tRPC door onto the same services.

const T0 = new Date('2026-11-22T08:00:00.000Z'); // 12:00 in Dubai
const clock = movingClock(T0);
let ctx: TestContext;
let world: LeadWorld;
let headers: { authorization: string };

async function createLead(overrides: Record<string, unknown> = {}) {
  headers = await world.manager.headers();
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/properties/leads/create',
    headers,
    payload: leadPayload(world, (await world.customer()).id, overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { _id: string; leadID: string };
}
const stage = (id: string, to: string, status = 'Open') =>
  ctx.app.inject({ method: 'PATCH', url: `/api/properties/leads/stage/${id}`, headers, payload: { stage: to, status } });
const get = (url: string, extra: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: `/api/${url}`, headers: { ...headers, ...extra } });

const leads: { _id: string }[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  world = await createLeadWorld(ctx);
  // 01:00 on the 22nd in Dubai, still the 21st in UTC.
  clock.set(new Date('2026-11-21T21:00:00.000Z'));
  leads.push(await createLead());
  clock.set(T0);
  for (let i = 0; i < 4; i += 1) leads.push(await createLead());
  const [, a, b, c] = leads as [{ _id: string }, { _id: string }, { _id: string }, { _id: string }];
  for (const [lead, to, status] of [
    [a, 'Qualified', 'Open'],
    [a, 'Viewing', 'Open'],
    [b, 'Qualified', 'Open'],
    [c, 'Closed', 'Closed'],
  ] as const) {
    clock.advanceMinutes(1);
    await stage(lead._id, to, status);
  }
  // A lead of yesterday, out of every 'Today' range.
  clock.set(new Date('2026-11-20T12:00:00.000Z'));
  await createLead();
  clock.set(T0);
  headers = await world.manager.headers();
});
afterAll(async () => ctx.close());

describe('GET stages and v2/source', () => {
  it('answer the known stages plus those in use, and the default sources plus those in use', async () => {
    await ctx.db.lead.update({ where: { id: leads[0]?._id }, data: { stage: 'Custom Stage', source: 'TikTok' } });
    const stages = (await get('properties/leads/stages')).json().data as string[];
    expect(stages.slice(0, LEAD_FUNNEL_STAGES.length)).toEqual([...LEAD_FUNNEL_STAGES]);
    expect(stages).toEqual(expect.arrayContaining([...LEAD_STAGES, 'Custom Stage']));
    const sources = (await get('properties/leads/v2/source')).json().data as string[];
    expect(sources).toEqual(expect.arrayContaining([...LEAD_DEFAULT_SOURCES, 'TikTok']));
    expect(sources).toEqual([...sources].sort((x, y) => x.localeCompare(y)));
    await ctx.db.lead.update({ where: { id: leads[0]?._id }, data: { stage: 'New', source: 'Website' } });
  });
});

describe('GET sales-funnel/report', () => {
  it('counts and converts per stage over the preset range, in the caller’s zone', async () => {
    const dubai = (await get('properties/leads/sales-funnel/report?preset=Today', { 'x-timezone': 'Asia/Dubai' })).json().data;
    expect(dubai).toMatchObject({ timezone: 'Asia/Dubai', total: 5, from: '2026-11-21T20:00:00.000Z', to: '2026-11-22T19:59:59.999Z' });
    const byStage = Object.fromEntries((dubai.stages as { stage: string }[]).map((s) => [s.stage, s]));
    expect(byStage.New).toMatchObject({ reached: 5, current: 2, conversion: 100, stepConversion: 100 });
    expect(byStage.Qualified).toMatchObject({ reached: 2, current: 1, conversion: 40, stepConversion: 40 });
    expect(byStage.Viewing).toMatchObject({ reached: 1, current: 1, conversion: 20, stepConversion: 50 });
    expect(byStage.Offer).toMatchObject({ reached: 0, current: 0, conversion: 0, stepConversion: 0 });
    expect(byStage.Closed).toMatchObject({ reached: 1, current: 1, conversion: 20, stepConversion: null });

    const utc = (await get('properties/leads/sales-funnel/report?preset=Today', { 'x-timezone': 'Nowhere/Invalid' })).json().data;
    expect(utc).toMatchObject({ timezone: 'UTC', total: 4 });
    const all = (await get('properties/leads/sales-funnel/report')).json().data;
    expect(all.total).toBe(6);
  });

  it('takes an explicit range and refuses a reversed one', async () => {
    const ranged = await get(
      `properties/leads/sales-funnel/report?from=${encodeURIComponent('2026-11-20T00:00:00.000Z')}&to=${encodeURIComponent('2026-11-20T23:59:59.999Z')}`,
    );
    expect(ranged.json().data.total).toBe(1);
    const reversed = await get(`properties/leads/sales-funnel/report?from=2026-11-22T00:00:00Z&to=2026-11-20T00:00:00Z`);
    expect(reversed.statusCode).toBe(400);
  });
});

describe('GET {id}/history', () => {
  it('lists assignments, stage changes and the review, newest first; an empty rated-0 review reads Unresponsive', async () => {
    const lead = leads[1] as { _id: string };
    await ctx.db.leadReview.create({
      data: {
        companyId: world.company.id,
        assetId: world.asset.id,
        leadId: lead._id,
        rating: 0,
        category: 'not_interested',
        feedback: null,
        createdAt: new Date('2026-11-22T09:00:00.000Z'),
      },
    });
    const res = await get(`properties/leads/${lead._id}/history`);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data as { kind: string; at: string; feedback?: string; title: string }[];
    expect(items.map((i) => i.kind)).toEqual(['review', 'stage', 'stage', 'stage', 'assignment']);
    expect(items[0]?.feedback).toBe('Unresponsive');
    expect(items.map((i) => i.at)).toEqual([...items.map((i) => i.at)].sort().reverse());
    expect(items.find((i) => i.kind === 'assignment')?.title).toBe('Assigned to Agent Ann');
    expect(res.json().meta.total).toBe(5);
    const onlyStages = (await get(`properties/leads/${lead._id}/history/stage`)).json().data as { kind: string }[];
    expect(onlyStages.every((i) => i.kind === 'stage')).toBe(true);
    expect((await get('properties/leads/00000000-0000-4000-8000-000000000000/history')).statusCode).toBe(404);
  });
});

describe('GET /teams/members/statistics/better-agent/offices', () => {
  it('answers per office: members, leads, accepted, mean response time (test agents excluded)', async () => {
    clock.set(T0);
    const lead = await createLead();
    clock.advanceMinutes(8);
    const accept = await ctx.app.inject({
      method: 'POST',
      url: `/api/properties/leads/accept/${lead._id}`,
      headers: await world.agents[0].headers(),
    });
    expect(accept.statusCode, accept.body).toBe(200);
    clock.set(T0);
    headers = await world.manager.headers();
    const res = await get('teams/members/statistics/better-agent/offices');
    expect(res.statusCode, res.body).toBe(200);
    const offices = res.json().data as { office: string | null }[];
    expect(offices.map((o) => o.office)).toEqual(['Downtown', 'Head Office', 'Marina', null]);
    expect(offices.find((o) => o.office === 'Marina')).toEqual({
      office: 'Marina',
      members: 2,
      leads: 7,
      accepted: 1,
      averageResponseTime: 8,
    });
    expect(offices.find((o) => o.office === null)).toMatchObject({ members: 1, leads: 0 });
    const outsider = await loginAs(ctx, world.outsiderEmail);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/teams/members/statistics/better-agent/offices', headers: outsider })).statusCode,
    ).toBe(403);
  });
});

describe('tRPC door (leads router)', () => {
  const trpcError = (body: string) =>
    (JSON.parse(body) as { error: { data: { envelope: { code: string; data: Record<string, string[]> } } } }).error.data.envelope;

  it('creates through the same service and returns the same validation envelope', async () => {
    const customer = await world.customer();
    const ok = await ctx.app.inject({ method: 'POST', url: '/trpc/leads.create', headers, payload: leadPayload(world, customer.id) });
    expect(ok.statusCode, ok.body).toBe(200);
    const created = ok.json().result.data;
    expect(created).toMatchObject({ leadID: 'L-000008', agent: { _id: world.listing.agentId } });

    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/trpc/leads.create',
      headers,
      payload: { ...leadPayload(world, ''), customer: undefined },
    });
    expect(bad.statusCode).toBe(400);
    expect(trpcError(bad.body)).toMatchObject({ code: 'VALIDATION_ERROR', data: { customer: ['Customer is required.'] } });

    const byId = await ctx.app.inject({
      method: 'GET',
      url: `/trpc/leads.byId?input=${encodeURIComponent(JSON.stringify({ id: created._id }))}`,
      headers,
    });
    expect(byId.json().result.data).toMatchObject({ _id: created._id, listings: [{ _id: world.listing.id }] });
    const initial = await ctx.app.inject({
      method: 'GET',
      url: `/trpc/leads.initialAgent?input=${encodeURIComponent(JSON.stringify({ listing: world.listing.id }))}`,
      headers,
    });
    expect(initial.json().result.data.agent).toEqual({ _id: world.listing.agentId, name: 'Agent Ann' });
  });
});
