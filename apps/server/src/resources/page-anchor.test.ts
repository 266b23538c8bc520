import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { DEEP_PAGE_OFFSET } from './resource.service.js';
import { createWorld, restAs, type ResourceWorld } from './resource-test-kit.js';

// A deep page read before, or the page after it, starts at its remembered sort key (page-anchor.ts) instead of
// OFFSET: it must be the very page OFFSET gives, again and after writes, in both directions, with ties.

const ROWS = 1500;
const LIMIT = 20;
let ctx: TestContext;
let world: ResourceWorld;

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createWorld(ctx);
  const start = Date.UTC(2026, 0, 1);
  await ctx.db.customer.createMany({
    data: Array.from({ length: ROWS }, (_, i) => ({
      assetId: world.assetA.id,
      companyId: world.company.id,
      customerID: `C-${String(i).padStart(5, '0')}`,
      firstName: 'Deep',
      fullName: `Deep ${i}`,
      // Three customers per minute: ties the id must break.
      createdAt: new Date(start + Math.floor(i / 3) * 60_000),
    })),
  });
}, 60_000);
afterAll(async () => ctx.close());

async function expectOffsetPage(page: number, direction: 'asc' | 'desc') {
  const res = await restAs(ctx, world.admin).get('customers', {
    page,
    limit: LIMIT,
    sort: { createdAt: direction === 'asc' ? 1 : -1 },
    select: ['customerID'],
  });
  expect(res.statusCode, res.body).toBe(200);
  const expected = await ctx.db.customer.findMany({
    where: { assetId: world.assetA.id, deletedAt: null },
    orderBy: [{ createdAt: direction }, { id: direction }],
    skip: (page - 1) * LIMIT,
    take: LIMIT,
    select: { customerID: true },
  });
  const body = res.json() as { data: { customerID: string }[] };
  expect(
    body.data.map((r) => r.customerID),
    `page ${page} ${direction}`,
  ).toEqual(expected.map((r) => r.customerID));
}

const anchorKeys = () => ctx.app.deps.redis.keys(`${ctx.app.deps.env.REDIS_PREFIX}:count:*:page:*`);

describe('deep pages from a remembered start', () => {
  it('answer the OFFSET page again, the next page, and after a write', async () => {
    const page = Math.floor(DEEP_PAGE_OFFSET / LIMIT) + 3;
    for (const direction of ['desc', 'asc'] as const) {
      await expectOffsetPage(page, direction);
      // Read by OFFSET once: this page's start and the next page's are remembered.
      expect((await anchorKeys()).length).toBeGreaterThan(0);
      await expectOffsetPage(page, direction);
      await expectOffsetPage(page + 1, direction);
      await expectOffsetPage(page + 2, direction);
    }
    // A write through the API shifts every page by one: no remembered start is used past it.
    const created = await restAs(ctx, world.admin).post('customers', {
      firstName: 'Newest',
      lastName: 'Customer',
      email: 'newest@example.com',
      phoneCode: '+971',
      phone: '501234567',
      type: 'Client',
    });
    expect(created.statusCode, created.body).toBe(201);
    await expectOffsetPage(page, 'desc');
    await expectOffsetPage(page + 1, 'desc');
    // Past the end: an empty page.
    const beyond = await restAs(ctx, world.admin).get('customers', { page: 500, limit: LIMIT });
    expect(beyond.json()).toMatchObject({ data: [], meta: { page: 500 } });
  });

  it('is read from the remembered start (a start moved by hand moves the page)', async () => {
    const page = Math.floor(DEEP_PAGE_OFFSET / LIMIT) + 10;
    await expectOffsetPage(page, 'desc');
    const keys = (await anchorKeys()).filter((key) => key.endsWith(`:desc:${(page - 1) * LIMIT}`));
    expect(keys.length).toBeGreaterThan(0);
    const first = await ctx.db.customer.findFirst({
      where: { assetId: world.assetA.id },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      select: { id: true, createdAt: true },
    });
    for (const key of keys)
      await ctx.app.deps.redis.set(
        key,
        JSON.stringify({ value: first?.createdAt.toISOString(), id: first?.id, inclusive: true }),
        'EX',
        30,
      );
    const res = await restAs(ctx, world.admin).get('customers', { page, limit: LIMIT, sort: { createdAt: -1 }, select: ['customerID'] });
    expect((res.json() as { data: { _id: string }[] }).data[0]?._id).toBe(first?.id);
  });
});
