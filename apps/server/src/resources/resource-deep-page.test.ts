import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { DEEP_PAGE_OFFSET } from './resource.service.js';
import { createWorld, restAs, type ResourceWorld } from './resource-test-kit.js';

// Deep pages (OFFSET past DEEP_PAGE_OFFSET) read the page's ids first, then its rows: the answer must be the
// very page a plain OFFSET query gives, in order, with populates, ties and filters.

const ROWS = 1500;
let ctx: TestContext;
let world: ResourceWorld;

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createWorld(ctx);
  const base = { assetId: world.assetA.id, companyId: world.company.id };
  const agent = await ctx.db.teamMember.create({ data: { ...base, name: 'Deep Agent' } });
  const start = Date.UTC(2026, 0, 1);
  await ctx.db.listing.createMany({
    data: Array.from({ length: ROWS }, (_, i) => ({
      ...base,
      reference: `D-${String(i).padStart(5, '0')}`,
      // Four listings per minute: ties the id must break.
      createdAt: new Date(start + Math.floor(i / 4) * 60_000),
      price: i % 7 === 0 ? null : (i % 50) * 1000,
      city: i % 2 ? 'Dubai' : 'Sharjah',
      agentId: i % 3 ? agent.id : null,
    })),
  });
}, 60_000);
afterAll(async () => ctx.close());

describe('deep pages', () => {
  it('answer the same rows as OFFSET, in order, with populates, filters and nullable sorts', async () => {
    const api = restAs(ctx, world.admin);
    const cases = [
      { sort: { createdAt: -1 }, orderBy: [{ createdAt: 'desc' as const }, { id: 'desc' as const }], where: {} },
      { sort: { price: 1 }, orderBy: [{ price: { sort: 'asc' as const, nulls: 'last' as const } }, { id: 'asc' as const }], where: {} },
      {
        sort: { reference: -1 },
        orderBy: [{ reference: 'desc' as const }, { id: 'desc' as const }],
        where: { city: 'Dubai' },
        query: { city: 'Dubai' },
      },
    ];
    for (const c of cases) {
      const page = Math.floor(DEEP_PAGE_OFFSET / 20) + 3;
      const res = await api.get('properties/listings', {
        page,
        limit: 20,
        sort: c.sort,
        select: ['reference', 'price'],
        populate: [{ path: 'agent', select: ['name'] }],
        ...(c.query ? { query: c.query } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      const expected = await ctx.db.listing.findMany({
        where: { assetId: world.assetA.id, deletedAt: null, ...c.where },
        orderBy: c.orderBy,
        skip: (page - 1) * 20,
        take: 20,
        select: { reference: true, agent: { select: { name: true } } },
      });
      const body = res.json() as { data: { reference: string; agent: { name: string } | null }[]; meta: { page: number; total: number } };
      expect(
        body.data.map((r) => [r.reference, r.agent?.name ?? null]),
        JSON.stringify(c.sort),
      ).toEqual(expected.map((r) => [r.reference, r.agent?.name ?? null]));
      expect(body.meta.page).toBe(page);
    }
    // Past the end: an empty page, the right total.
    const beyond = await api.get('properties/listings', { page: 500, limit: 20 });
    expect(beyond.json()).toMatchObject({ data: [], meta: { total: ROWS, page: 500 } });
  });
});
