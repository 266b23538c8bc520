import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { runLeadSlaSweep } from './lead-sla-sweep.job.js';
import { createLeadWorld, leadPayload, movingClock, type LeadWorld } from './lead-test-kit.js';

// The Leads list's meta.total comes from the engine's count cache (resources/count-cache.ts, tested there): writes
// through the lead services (create, stage, SLA clock) make the next list count again; nothing else changes a cached
// total until it expires.

const T0 = new Date('2026-06-01T08:00:00.000Z');
const clock = movingClock(T0);
let ctx: TestContext;
let world: LeadWorld;
let headers: Record<string, string>;

const total = async (query: Record<string, unknown> = {}) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/properties/leads?filter=${encodeURIComponent(JSON.stringify({ query, select: ['leadID'] }))}`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().meta.total as number;
};
const count = async (query: Record<string, unknown> = {}) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: `/api/properties/leads/count?filter=${encodeURIComponent(JSON.stringify({ query }))}`,
      headers,
    })
  ).json().data.count as number;

async function create(): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/properties/leads/create',
    headers,
    payload: leadPayload(world, (await world.customer()).id),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id;
}

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  world = await createLeadWorld(ctx);
  headers = await world.manager.headers();
});
afterAll(async () => ctx.close());

describe('lead count cache', () => {
  it('keeps an exact total per filter until a lead write through the services', async () => {
    const first = await create();
    expect(await total()).toBe(1);
    // A row written behind the services' back is not seen while the cached total lives...
    const lead = await ctx.db.lead.findUniqueOrThrow({ where: { id: first } });
    const { id: _id, leadID: _leadID, ...copy } = lead;
    await ctx.db.lead.create({ data: { ...copy, leadID: 'BYPASS-1', utm: undefined, customFields: {} } });
    expect(await total()).toBe(1);
    expect(await count()).toBe(1);
    // ...a filter of its own counts afresh...
    expect(await total({ leadID: { $in: ['BYPASS-1'] } })).toBe(1);
    // ...and a create through the service makes every total of the asset count again.
    await create();
    expect(await total()).toBe(3);
    expect(await count()).toBe(3);
  });

  it('counts again after a stage change and after the SLA clock moves a lead', async () => {
    const id = await create();
    const closed = await total({ status: 'Closed' });
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/properties/leads/stage/${id}`,
      headers,
      payload: { stage: 'Closed', status: 'Closed' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await total({ status: 'Closed' })).toBe(closed + 1);

    const pooled = await total({ isInFreePool: true });
    clock.advanceMinutes(31);
    expect((await runLeadSlaSweep(ctx.app.deps)).toPool).toBeGreaterThan(0);
    expect(await total({ isInFreePool: true })).toBeGreaterThan(pooled);
  });
});
