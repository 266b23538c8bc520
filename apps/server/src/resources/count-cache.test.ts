import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS as P } from '@crm/domain';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { customerResource } from '../modules/customers/index.js';
import { departmentResource } from '../modules/members/index.js';
import { cachedCount, invalidateCachedCounts } from './count-cache.js';
import { createWorld, restAs, type Caller, type ResourceWorld } from './resource-test-kit.js';
import type { Access } from './resource-access.js';

// The engine's count cache (count-cache.ts): a resource that opts in (customers) answers its list's `total` and its
// count from Redis per filter until a write of the asset commits through the engine or the module's own services;
// rows written behind their back show once the total expires. Resources that do not opt in count every time.

let ctx: TestContext;
let world: ResourceWorld;
let manager: Caller;
let phone = 501_200_000;

const customer = () => {
  phone += 1;
  return {
    firstName: 'Count',
    lastName: `Case${phone}`,
    email: `count${phone}@example.com`,
    phoneCode: '+971',
    phone: String(phone),
    type: 'Client',
  };
};

async function create(): Promise<string> {
  const res = await restAs(ctx, manager).post('customers', customer());
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id;
}

const total = async (query: Record<string, unknown> = {}) => {
  const res = await restAs(ctx, manager).get('customers', { query, select: ['fullName'] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().meta.total as number;
};
const count = async (query: Record<string, unknown> = {}) =>
  (await restAs(ctx, manager).get('customers/count', { query })).json().data.count;
const searchTotal = async (keyword: string) =>
  (await restAs(ctx, manager).get('customers/search', {}, { keyword })).json().meta.total as number;

/** A customer row written behind the engine's back (a bulk import): the cache cannot know of it. */
async function bypassInsert(fullName = 'Bypass Row') {
  phone += 1;
  await ctx.db.customer.create({
    data: {
      assetId: world.assetA.id,
      companyId: world.company.id,
      customerID: `C-B${phone}`,
      firstName: 'Bypass',
      fullName,
      phoneNumber: `+971${phone}`,
    },
  });
}

const liveCustomers = () => ctx.db.customer.count({ where: { assetId: world.assetA.id, deletedAt: null } });

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createWorld(ctx);
  manager = await world.user([P.CUSTOMERS_VIEW, P.CUSTOMER_ADD, P.CUSTOMER_UPDATE, P.VIEW_SENSITIVE_INFORMATION]);
});
afterAll(async () => ctx.close());

describe('count cache', () => {
  it('answers a cached total per filter (list, count and search alike) until a write through the engine', async () => {
    await create();
    const before = await total();
    const searched = await searchTotal('Bypass');
    await bypassInsert();
    // The hit: the row written behind the engine's back is not counted while the cached totals live...
    expect(await total()).toBe(before);
    expect(await count()).toBe(before);
    expect(await searchTotal('Bypass')).toBe(searched);
    // ...a filter not counted before counts afresh...
    expect(await total({ firstName: 'Bypass' })).toBe(1);
    // ...and a create through the engine retires every total of the asset.
    await create();
    expect(await total()).toBe(before + 2);
    expect(await count()).toBe(before + 2);
    expect(await searchTotal('Bypass')).toBe(searched + 1);
    expect(await total()).toBe(await liveCustomers());
  });

  it('counts again after an update, a delete, a restore and a forced delete', async () => {
    const id = await create();
    const spam = await total({ type: 'Spam' });
    const all = await total();
    await bypassInsert();
    const api = restAs(ctx, manager);

    expect((await api.patch(`customers/${id}`, { type: 'Spam' })).statusCode).toBe(200);
    expect(await total({ type: 'Spam' })).toBe(spam + 1);
    expect(await total()).toBe(all + 1);

    expect((await api.delete(`customers/${id}`)).statusCode).toBe(200);
    expect(await total()).toBe(all);
    expect(await total({ type: 'Spam' })).toBe(spam);

    expect((await api.get(`customers/${id}/restore`)).statusCode).toBe(200);
    expect(await total()).toBe(all + 1);

    const admin = restAs(ctx, world.admin);
    expect((await admin.get('customers')).json().meta.total).toBe(all + 1);
    expect((await admin.delete(`customers/${id}/force`)).statusCode).toBe(200);
    expect(await total()).toBe(all);
    expect(await total()).toBe(await liveCustomers());
  });

  it("counts again after the module's own writes (the login switch)", async () => {
    const id = await create();
    const enabled = await total({ loginEnabled: true });
    const api = restAs(ctx, manager);
    const res = await api.patch(`customers/${id}/add-credentials`, { password: 'Passw0rd!long' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await total({ loginEnabled: true })).toBe(enabled + 1);
    expect((await api.patch(`customers/${id}/change-status`, { enabled: false })).statusCode).toBe(200);
    expect(await total({ loginEnabled: true })).toBe(enabled);
  });

  it("keeps each asset's totals apart", async () => {
    const admin = restAs(ctx, world.admin);
    const inB = (await admin.get('customers', {}, { asset: world.assetB.id })).json().meta.total;
    await create(); // in asset A
    expect((await admin.get('customers', {}, { asset: world.assetB.id })).json().meta.total).toBe(inB);
    const created = await admin.post('customers', customer(), { asset: world.assetB.id });
    expect(created.statusCode, created.body).toBe(201);
    expect((await admin.get('customers', {}, { asset: world.assetB.id })).json().meta.total).toBe(inB + 1);
  });

  it('never keeps a total counted before a write that committed while it was counting', async () => {
    const access: Access = { actor: { companyId: world.company.id } as Access['actor'], assetId: world.assetA.id, sensitive: true };
    const where = { AND: [{ assetId: world.assetA.id }, { deletedAt: null }, { firstName: 'Race' }] };
    const exact = () => ctx.db.customer.count({ where });
    const deps = ctx.app.deps;
    // The count reads its snapshot, then a write commits and invalidates, then the (now old) total is stored.
    const stale = await cachedCount(deps, customerResource, access, where, async () => {
      const counted = await exact();
      await ctx.db.customer.create({
        data: { assetId: world.assetA.id, companyId: world.company.id, customerID: 'C-RACE', firstName: 'Race', fullName: 'Race' },
      });
      await invalidateCachedCounts(deps, customerResource, world.assetA.id);
      return counted;
    });
    expect(stale).toBe(0);
    let recounted = 0;
    const fresh = await cachedCount(deps, customerResource, access, where, async () => {
      recounted++;
      return exact();
    });
    expect(recounted).toBe(1);
    expect(fresh).toBe(1);
    // Counted since the last write: now a hit.
    expect(await cachedCount(deps, customerResource, access, where, exact)).toBe(1);
  });

  it('ends with the exact total after concurrent creates and lists', async () => {
    const lists = async () => {
      for (let i = 0; i < 8; i++) await total();
    };
    await Promise.all([...Array.from({ length: 12 }, () => create()), lists(), lists()]);
    expect(await total()).toBe(await liveCustomers());
    expect(await count()).toBe(await liveCustomers());
  });

  it('counts every time without Redis, and for resources that do not opt in', async () => {
    const access: Access = { actor: { companyId: world.company.id } as Access['actor'], assetId: world.assetA.id, sensitive: true };
    let counted = 0;
    const deps = { db: ctx.db, log: ctx.app.deps.log };
    expect(await cachedCount(deps, customerResource, access, {}, async () => ++counted)).toBe(1);
    expect(await cachedCount(deps, customerResource, access, {}, async () => ++counted)).toBe(2);

    expect(departmentResource.facts.cachedCount).toBeUndefined();
    const admin = restAs(ctx, world.admin);
    const departments = (await admin.get('teams/departments')).json().meta.total;
    await ctx.db.department.create({ data: { assetId: world.assetA.id, companyId: world.company.id, name: 'Behind the back' } });
    expect((await admin.get('teams/departments')).json().meta.total).toBe(departments + 1);
  });
});
