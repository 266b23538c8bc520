import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS as P } from '@crm/domain';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { createWorld, restAs, type Caller, type ResourceWorld } from './resource-test-kit.js';

// The engine end to end over REST, on projects (decimals, arrays, dates, a populated developer) in a real
// database: paging, sorting, selecting, every operator against PostgreSQL, tenancy, soft delete, upsert.

let ctx: TestContext;
let world: ResourceWorld;
let api: ReturnType<typeof restAs>;
let developerA: string;
let developerB: string;
const ids: Record<string, string> = {};

async function seedProject(assetId: string, name: string, extra: Record<string, unknown> = {}) {
  const row = await ctx.db.project.create({
    data: { assetId, companyId: world.company.id, name, slug: name.toLowerCase().replace(/\W+/g, '-'), ...extra },
  });
  ids[name] = row.id;
  return row;
}

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createWorld(ctx);
  api = restAs(ctx, world.admin);
  const a = world.assetA.id;
  developerA = (await ctx.db.developer.create({ data: { assetId: a, companyId: world.company.id, name: 'Emaar' } })).id;
  developerB = (await ctx.db.developer.create({ data: { assetId: world.assetB.id, companyId: world.company.id, name: 'Other' } })).id;
  await seedProject(a, 'Alpha', {
    city: 'Dubai',
    minPrice: 1_000_000.5,
    bedrooms: [1, 2],
    amenities: ['Pool'],
    developerId: developerA,
    startDate: new Date('2026-01-10T00:00:00Z'),
  });
  await seedProject(a, 'Bravo', {
    city: 'Dubai',
    minPrice: 2_000_000,
    bedrooms: [3],
    amenities: ['Gym', 'Pool'],
    campaignName: '50% off_sale',
  });
  await seedProject(a, 'Charlie', {
    city: 'Abu Dhabi',
    minPrice: 500_000,
    campaignName: '50X offXsale',
    startDate: new Date('2026-03-01T00:00:00Z'),
  });
  await seedProject(a, 'Delta', { city: null, campaignName: 'back\\slash' });
  await seedProject(a, 'Echo', { city: 'Sharjah', campaignName: 'backslash', enabled: false });
  await seedProject(world.assetB.id, 'Foreign', { city: 'Dubai' });
});
afterAll(async () => ctx.close());

const names = (body: { data: { name?: unknown }[] }) => body.data.map((r) => r.name);
async function list(filter: unknown, caller?: Caller) {
  const res = await (caller ? restAs(ctx, caller) : api).get('properties/projects', filter);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Record<string, unknown>[]; meta: Record<string, unknown> };
}

describe('list, paging, sort, select, populate', () => {
  it('answers { data, meta } with records in the API shape', async () => {
    const body = await list({ sort: { name: 1 } });
    expect(names(body)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']);
    expect(body.meta).toEqual({
      total: 5,
      offset: 0,
      limit: 20,
      totalPages: 1,
      page: 1,
      from: 1,
      hasPrevPage: false,
      hasNextPage: false,
      prev: null,
      next: null,
    });
    const alpha = body.data[0] ?? {};
    expect(alpha).toMatchObject({
      _id: ids.Alpha,
      asset: world.assetA.id,
      company: world.company.id,
      developer: developerA,
      minPrice: 1000000.5,
      bedrooms: [1, 2],
      startDate: '2026-01-10T00:00:00.000Z',
      deletedAt: null,
    });
    expect(typeof alpha.createdAt).toBe('string');
    expect(alpha).not.toHaveProperty('id');
    expect(alpha).not.toHaveProperty('assetId');
  });

  it('pages with meta, normalising page and limit', async () => {
    const page2 = await list({ sort: { name: 1 }, page: 2, limit: 2 });
    expect(names(page2)).toEqual(['Charlie', 'Delta']);
    expect(page2.meta).toMatchObject({
      total: 5,
      offset: 2,
      limit: 2,
      totalPages: 3,
      page: 2,
      from: 3,
      hasPrevPage: true,
      hasNextPage: true,
      prev: 1,
      next: 3,
    });
    const page0 = await list({ sort: { name: 1 }, page: 0, limit: 0 });
    expect(page0.meta).toMatchObject({ page: 1, limit: 10 });
    const all = await list({ sort: { name: 1 }, limit: -1, page: 3 });
    expect(all.data).toHaveLength(5);
    expect(all.meta).toMatchObject({ page: 1, limit: 5, totalPages: 1 });
    const skipped = await list({ sort: { name: 1 }, skip: 4, limit: 2 });
    expect(names(skipped)).toEqual(['Echo']);
    expect(skipped.meta).toMatchObject({ offset: 4, page: 3 });
  });

  it('sorts one key either way, empty values last', async () => {
    expect(names(await list({ sort: { name: -1 } }))).toEqual(['Echo', 'Delta', 'Charlie', 'Bravo', 'Alpha']);
    expect(names(await list({ sort: { minPrice: -1 } })).slice(0, 3)).toEqual(['Bravo', 'Alpha', 'Charlie']);
    expect(names(await list({ sort: { city: 1 } })).at(-1)).toBe('Delta');
    expect(names(await list({ sort: { city: -1 } })).at(-1)).toBe('Delta');
  });

  it('selects fields (always with _id) and populates with a select', async () => {
    const body = await list({ select: ['name', 'city'], query: { name: 'Alpha' } });
    expect(body.data).toEqual([{ _id: ids.Alpha, name: 'Alpha', city: 'Dubai' }]);
    const spaced = await list({ select: 'name city', query: { name: 'Alpha' } });
    expect(spaced.data).toEqual(body.data);
    const populated = await list({
      select: ['name'],
      populate: [{ path: 'developer', select: ['name'] }],
      query: { name: { $in: ['Alpha', 'Bravo'] } },
      sort: { name: 1 },
    });
    expect(populated.data).toEqual([
      { _id: ids.Alpha, name: 'Alpha', developer: { _id: developerA, name: 'Emaar' } },
      { _id: ids.Bravo, name: 'Bravo', developer: null },
    ]);
    const byName = await list({ select: ['name'], populate: 'developer', query: { name: 'Alpha' } });
    expect(byName.data[0]?.developer).toEqual({ _id: developerA, name: 'Emaar', slug: null, logoUrl: null });
  });
});

describe('operators against PostgreSQL', () => {
  const cases: [string, unknown, string[]][] = [
    ['equality', { city: 'Dubai' }, ['Alpha', 'Bravo']],
    ['$eq', { city: { $eq: 'Abu Dhabi' } }, ['Charlie']],
    ['$ne keeps empty values', { city: { $ne: 'Dubai' } }, ['Charlie', 'Delta', 'Echo']],
    ['null', { city: null }, ['Delta']],
    ['$in', { city: { $in: ['Sharjah', 'Abu Dhabi'] } }, ['Charlie', 'Echo']],
    ['$in with null', { city: { $in: ['Sharjah', null] } }, ['Delta', 'Echo']],
    ['$nin keeps empty values', { city: { $nin: ['Dubai'] } }, ['Charlie', 'Delta', 'Echo']],
    ['$gt/$lte on decimals', { minPrice: { $gt: 500_000, $lte: 1_000_000.5 } }, ['Alpha']],
    ['$gte/$lt on dates', { startDate: { $gte: '2026-01-01', $lt: '2026-02-01T00:00:00Z' } }, ['Alpha']],
    ['$exists true', { startDate: { $exists: true } }, ['Alpha', 'Charlie']],
    ['$exists false', { campaignName: { $exists: false } }, ['Alpha']],
    ['$regex case-insensitive', { name: { $regex: 'LP' } }, ['Alpha']],
    ['$regex % literal', { campaignName: { $regex: '50%' } }, ['Bravo']],
    ['$regex _ literal', { campaignName: { $regex: 'off_' } }, ['Bravo']],
    ['$regex \\ literal', { campaignName: { $regex: 'back\\s' } }, ['Delta']],
    ['$regex as the browser escapes it', { campaignName: { $regex: 'back\\\\slash' } }, ['Delta']],
    ['$regex anchors are text', { name: { $regex: '^Alpha' } }, []],
    ['array has', { amenities: 'Pool' }, ['Alpha', 'Bravo']],
    ['array $in', { bedrooms: { $in: [3, 7] } }, ['Bravo']],
    ['array $nin', { amenities: { $nin: ['Gym'] } }, ['Alpha', 'Charlie', 'Delta', 'Echo']],
    ['boolean', { enabled: false }, ['Echo']],
    ['relation id', () => ({ developer: developerA }), ['Alpha']],
    ['$or', { $or: [{ city: 'Sharjah' }, { minPrice: { $lt: 600_000 } }] }, ['Charlie', 'Echo']],
    ['$and + $or', { $and: [{ city: 'Dubai' }, { $or: [{ name: 'Bravo' }, { name: 'Zulu' }] }] }, ['Bravo']],
    ['SQL-looking text is only text', { name: "Alpha' OR '1'='1" }, []],
    ['another asset is never listed', { name: 'Foreign' }, []],
    ['asset condition cannot widen tenancy', () => ({ asset: world.assetB.id }), []],
  ];
  it.each(cases)('%s', async (_label, query, expected) => {
    const q = typeof query === 'function' ? (query as () => unknown)() : query;
    expect(names(await list({ query: q, sort: { name: 1 }, limit: -1 }))).toEqual(expected);
  });
});

describe('bad filters answer the 400 envelope', () => {
  const bad: [string, string, RegExp][] = [
    ['malformed JSON', '{"query": {', /not valid JSON/],
    ['not an object', '[1,2]', /must be a JSON object/],
    ['unknown filter key', JSON.stringify({ where: {} }), /Unknown field 'where'/],
    ['unknown field', JSON.stringify({ query: { password: 'x' } }), /Unknown field 'password'/],
    ['unknown operator', JSON.stringify({ query: { $where: 'sleep(10)' } }), /Unknown operator '\$where'/],
    ['__proto__', '{"query": {"__proto__": {"name": "x"}}}', /Unknown field '__proto__'/],
    ['operator object on a string', JSON.stringify({ query: { name: { $ne: { $gt: '' } } } }), /expects a string/],
    ['number expected', JSON.stringify({ query: { minPrice: 'cheap' } }), /expects a number/],
    ['bad id', JSON.stringify({ query: { developer: "x' OR 1=1" } }), /expects an id/],
    ['huge $in', JSON.stringify({ query: { name: { $in: Array.from({ length: 501 }, (_, i) => `n${i}`) } } }), /At most 500 values/],
    ['bad sort field', JSON.stringify({ sort: { slug: 1 } }), /Cannot sort by 'slug'/],
    ['two sort keys', JSON.stringify({ sort: { name: 1, city: 1 } }), /one field/],
    ['bad select', JSON.stringify({ select: ['password'] }), /Unknown field 'password'/],
    ['bad populate', JSON.stringify({ populate: ['agentsX'] }), /Cannot populate 'agentsX'/],
    ['bad populate select', JSON.stringify({ populate: [{ path: 'developer', select: ['secret'] }] }), /Unknown field 'secret'/],
  ];
  it.each(bad)('%s', async (_label, filter, message) => {
    const res = await api.get('properties/projects', filter);
    expect(res.statusCode).toBe(400);
    const body = res.json() as { statusCode: number; code: string; message: string; data: Record<string, string[]> };
    expect(body).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    expect(`${body.message} ${JSON.stringify(body.data)}`).toMatch(message);
    expect(res.body).not.toMatch(/prisma|\bFROM\b|stack/i);
  });

  it('applies the same checks to count, one, search, distinct and export', async () => {
    const filter = JSON.stringify({ query: { nope: 1 } });
    for (const path of ['count', 'one', 'search', 'distinct/city', 'export']) {
      const res = await api.get(`properties/projects/${path}`, filter, path === 'search' ? { keyword: 'a' } : {});
      expect(res.statusCode, path).toBe(400);
    }
  });
});

describe('count, one, by id, search, distinct', () => {
  it('counts and finds the first match', async () => {
    expect((await api.get('properties/projects/count', { query: { city: 'Dubai' } })).json()).toEqual({ data: { count: 2 } });
    const one = await api.get('properties/projects/one', { query: { city: 'Dubai' }, sort: { name: -1 } });
    expect(one.json()).toMatchObject({ data: { name: 'Bravo' } });
    expect((await api.get('properties/projects/one', { query: { name: 'Nobody' } })).statusCode).toBe(404);
  });

  it('reads by id with populate; bad or foreign ids are 404', async () => {
    const res = await api.get(`properties/projects/${ids.Alpha}`, { populate: ['developer'] });
    expect(res.json()).toMatchObject({ data: { _id: ids.Alpha, developer: { name: 'Emaar' } } });
    expect((await api.get('properties/projects/not-a-uuid')).statusCode).toBe(404);
    const foreign = await api.get(`properties/projects/${ids.Foreign}`);
    const missing = await api.get('properties/projects/7b6c9d0e-1f2a-4b3c-8d4e-5f6a7b8c9d0e');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
  });

  it('searches the search fields case-insensitively and literally, with paging', async () => {
    const res = await api.get('properties/projects/search', { sort: { name: 1 } }, { keyword: '  dubai ' });
    expect(names(res.json())).toEqual(['Alpha', 'Bravo']);
    expect(res.json()).toMatchObject({ meta: { total: 2 } });
    expect(names((await api.get('properties/projects/search', {}, { q: '50%' })).json())).toEqual(['Bravo']);
    expect(names((await api.get('properties/projects/search', { query: { city: 'Dubai' } }, { keyword: 'bra' })).json())).toEqual([
      'Bravo',
    ]);
  });

  it('lists distinct values of whitelisted fields, within the filter and tenancy', async () => {
    expect((await api.get('properties/projects/distinct/city')).json()).toEqual({ data: ['Abu Dhabi', 'Dubai', 'Sharjah'] });
    expect((await api.get('properties/projects/distinct/city', { query: { enabled: true } })).json()).toEqual({
      data: ['Abu Dhabi', 'Dubai'],
    });
    const res = await api.get('properties/projects/distinct/slug');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});

describe('writes', () => {
  it('creates (201) with tenancy and bookkeeping from the caller, rejecting unknown fields', async () => {
    const res = await api.post('properties/projects', {
      name: 'Golf',
      slug: 'golf',
      developer: developerA,
      minPrice: 10.25,
      startDate: '2026-05-01T00:00:00Z',
    });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data as Record<string, unknown>;
    expect(data).toMatchObject({
      name: 'Golf',
      asset: world.assetA.id,
      company: world.company.id,
      creator: world.admin.userId,
      updatedBy: world.admin.userId,
      minPrice: 10.25,
      startDate: '2026-05-01T00:00:00.000Z',
    });
    ids.Golf = String(data._id);

    for (const body of [
      { name: 'X', slug: 'x', assetId: world.assetB.id },
      { name: 'X', slug: 'x', creator: world.admin.userId },
      { name: 'X', slug: 'x', deletedAt: null },
    ]) {
      const refused = await api.post('properties/projects', body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    const proto = await ctx.app.inject({
      method: 'POST',
      url: '/api/properties/projects',
      headers: { ...world.admin.headers, 'content-type': 'application/json' },
      payload: '{"name":"X","slug":"x","__proto__":{"admin":true}}',
    });
    expect(proto.statusCode).toBe(400);
  });

  it('refuses a foreign key from another asset', async () => {
    const res = await api.post('properties/projects', { name: 'Hotel', slug: 'hotel', developer: developerB });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ data: { developer: ['Developer not found.'] } });
  });

  it('answers a unique clash as 409 without SQL', async () => {
    const res = await api.post('properties/projects', { name: 'Golf again', slug: 'golf' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT' });
    expect(res.body).not.toMatch(/Unique constraint|prisma/i);
  });

  it('patches and sets updatedBy; unknown or engine fields are 400', async () => {
    const res = await api.patch(`properties/projects/${ids.Golf}`, { city: 'Dubai', minPrice: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { city: 'Dubai', minPrice: null, name: 'Golf' } });
    expect((await api.patch(`properties/projects/${ids.Golf}`, { nope: 1 })).statusCode).toBe(400);
    expect((await api.patch(`properties/projects/${ids.Golf}`, { asset: world.assetB.id })).statusCode).toBe(400);
  });

  it('chekinio inserts, then updates by sourceDataId, and never doubles under concurrency', async () => {
    const first = await api.post('properties/projects/chekinio', { name: 'India', slug: 'india', sourceDataId: 'crm-1' });
    expect(first.statusCode, first.body).toBe(201);
    const second = await api.post('properties/projects/chekinio', { name: 'India v2', slug: 'india', sourceDataId: 'crm-1' });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data).toMatchObject({ _id: first.json().data._id, name: 'India v2' });
    expect((await api.post('properties/projects/chekinio', { name: 'No key', slug: 'no-key' })).statusCode).toBe(400);

    const racers = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        api.post('properties/projects/chekinio', { name: `Juliet ${i}`, slug: 'juliet', sourceDataId: 'crm-race' }),
      ),
    );
    expect(racers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 201]);
    expect(await ctx.db.project.count({ where: { sourceDataId: 'crm-race' } })).toBe(1);
  });

  it('soft-deletes, hides, restores, and force-deletes', async () => {
    const id = ids.Golf;
    const removed = await api.delete(`properties/projects/${id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.deletedAt).toEqual(expect.any(String));
    expect((await api.get(`properties/projects/${id}`)).statusCode).toBe(404);
    expect(names(await list({ query: { name: 'Golf' } }))).toEqual([]);
    expect(names(await list({ query: { name: 'Golf' }, deleted: true }))).toEqual(['Golf']);
    expect((await api.delete(`properties/projects/${id}`)).statusCode).toBe(404);
    expect((await api.patch(`properties/projects/${id}`, { city: 'x' })).statusCode).toBe(404);

    const restored = await api.get(`properties/projects/${id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data.deletedAt).toBeNull();
    expect(names(await list({ query: { name: 'Golf' } }))).toEqual(['Golf']);

    expect((await api.delete(`properties/projects/${id}/force`)).statusCode).toBe(200);
    expect(await ctx.db.project.count({ where: { id } })).toBe(0);
    expect((await api.get(`properties/projects/${id}/restore`)).statusCode).toBe(404);
  });

  it('answers 409 when force-deleting a record still referenced', async () => {
    const customer = await ctx.db.customer.create({
      data: { assetId: world.assetA.id, companyId: world.company.id, customerID: 'C-1', firstName: 'Ann', fullName: 'Ann' },
    });
    await ctx.db.lead.create({
      data: {
        assetId: world.assetA.id,
        companyId: world.company.id,
        leadID: 'L-1',
        customerId: customer.id,
        contactType: 'Buyer',
        source: 'Website',
      },
    });
    const res = await api.delete(`customers/${customer.id}/force`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT' });
  });
});

describe('tenancy', () => {
  it("treats another asset's record as missing on every verb", async () => {
    const id = ids.Foreign;
    expect((await api.get(`properties/projects/${id}`)).statusCode).toBe(404);
    expect((await api.patch(`properties/projects/${id}`, { city: 'x' })).statusCode).toBe(404);
    expect((await api.delete(`properties/projects/${id}`)).statusCode).toBe(404);
    expect((await api.get(`properties/projects/${id}/restore`)).statusCode).toBe(404);
    expect((await api.delete(`properties/projects/${id}/force`)).statusCode).toBe(404);
    expect(await ctx.db.project.findUnique({ where: { id } })).toMatchObject({ city: 'Dubai', deletedAt: null });
  });

  it('works in another asset only when the caller names one of theirs', async () => {
    const res = await api.get('properties/projects', { select: ['name'] }, { asset: world.assetB.id });
    expect(names(res.json())).toEqual(['Foreign']);
    const viewer = await world.user([P.PROJECTS_VIEW]);
    const refused = await restAs(ctx, viewer).get('properties/projects', undefined, { asset: world.assetB.id });
    expect(refused.statusCode).toBe(403);
  });
});

describe('permissions', () => {
  it('enforces read, write, delete and force-delete separately', async () => {
    const nobody = restAs(ctx, await world.user([P.CUSTOMERS_VIEW]));
    expect((await nobody.get('properties/projects')).statusCode).toBe(403);
    expect((await nobody.get('properties/projects/export')).statusCode).toBe(403);

    const reader = restAs(ctx, await world.user([P.LEAD_ADD]));
    expect((await reader.get('properties/projects')).statusCode).toBe(200);
    const denied = await reader.post('properties/projects', { name: 'Kilo', slug: 'kilo' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    expect((await reader.delete(`properties/projects/${ids.Echo}`)).statusCode).toBe(403);

    const editor = restAs(ctx, await world.user([P.PROJECTS_VIEW]));
    expect((await editor.patch(`properties/projects/${ids.Echo}`, { city: 'Ajman' })).statusCode).toBe(200);
    expect((await editor.delete(`properties/projects/${ids.Echo}/force`)).statusCode).toBe(403);
    expect((await editor.delete(`properties/projects/${ids.Echo}`)).statusCode).toBe(200);
    expect((await editor.get(`properties/projects/${ids.Echo}/restore`)).statusCode).toBe(200);
  });

  it('needs a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/properties/projects' });
    expect(res.statusCode).toBe(401);
  });
});
