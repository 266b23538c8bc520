import { PERMISSIONS as P } from '@crm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createWorld, restAs, type Caller, type ResourceWorld } from '../../resources/resource-test-kit.js';

// The listing search over real PostgreSQL: a keyword with a number (a reference) finds its candidates by the keys of
// that number in `searchNumbers` (kept by the database's trigger), and answers exactly what the plain search did,
// any of reference, title, city, location, sub-location and permit containing the text, case-insensitively.

let ctx: TestContext;
let world: ResourceWorld;
let agent: Caller;
// A number of this run's own, so the seven-digit references below are the only ones sharing it.
const number = String(1_000_000 + Math.floor(Math.random() * 8_000_000));
const reference = `L-${number}`;

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createWorld(ctx);
  agent = await world.user([P.LISTINGS_VIEW]);
});
afterAll(async () => ctx.close());

/** Today's meaning of the keyword, field by field without any key: the ids every answer must equal. */
async function plainMatches(assetId: string, keyword: string): Promise<string[]> {
  const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await ctx.db.$queryRaw<{ id: string }[]>`
    SELECT id::text FROM "Listing" WHERE "assetId" = ${assetId}::uuid AND "deletedAt" IS NULL
      AND (reference ILIKE ${like} OR title ILIKE ${like} OR city ILIKE ${like} OR location ILIKE ${like}
        OR "subLocation" ILIKE ${like} OR "permitNumber" ILIKE ${like})`;
  return rows.map((row) => row.id).sort();
}

async function searched(keyword: string): Promise<{ ids: string[]; total: number }> {
  const res = await restAs(ctx, agent).get('properties/listings/search', { limit: 100 }, { keyword });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { data: { _id: string }[]; meta: { total: number } };
  return { ids: body.data.map((row) => row._id).sort(), total: body.meta.total };
}

describe('a listing search by a number', () => {
  it('answers what the field-by-field search answers: the reference, longer ones holding it, any field holding it', async () => {
    const api = restAs(ctx, agent);
    const create = async (body: Record<string, unknown>) => {
      const res = await api.post('properties/listings', { leadType: 'Sale', ...body });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json().data as { _id: string })._id;
    };
    const listing = (ref: string, other: Record<string, unknown> = {}) => ({ reference: ref, ...other });
    const permit = (permitNumber: string) => ({ permitNumber, permitExpiresAt: '2030-01-01T00:00:00.000Z' });
    const found = [
      await create(listing(reference)),
      await create(listing(`X${reference}9`)),
      await create(listing(`l-${number}`)),
      // No number of their own in the reference: found by the title's and the permit's keys.
      await create(listing('Titled', { title: `Resale of ${reference.toLowerCase()}, marina view` })),
      await create(listing('Permitted', permit(`${reference}-77`))),
    ];
    const missed = [
      await create(listing(`L-${number.slice(0, 6)}`)),
      await create(listing(`L ${number}`)),
      await create(listing(`L-${number.slice(0, 3)}-${number.slice(3)}`)),
    ];
    // Written by others than the engine (an import, a portal's pull): the trigger keeps their keys too.
    const direct = await ctx.db.listing.create({
      data: { companyId: world.company.id, assetId: world.assetA.id, reference: `D-1`, location: `Gate ${reference}` },
    });
    found.push(direct.id);
    // Another asset's listing and a deleted one hold the reference too.
    await ctx.db.listing.create({ data: { companyId: world.company.id, assetId: world.assetB.id, reference } });
    const deleted = await create(listing(`Z${reference}`));
    expect((await api.delete(`properties/listings/${deleted}`)).statusCode).toBe(200);
    // A reference changed to hold the number, and one changed away from it.
    const renamed = await create(listing(`R-${number.slice(0, 5)}`));
    expect((await api.patch(`properties/listings/${renamed}`, { reference: `R${reference}` })).statusCode).toBe(200);
    found.push(renamed);
    expect((await api.patch(`properties/listings/${missed[0]}`, { subLocation: 'Tower 7' })).statusCode).toBe(200);

    const plain = await plainMatches(world.assetA.id, reference);
    expect(plain).toEqual([...found].sort());
    expect(await searched(reference)).toEqual({ ids: plain, total: plain.length });
    // The same number typed otherwise: lower-case, padded, its digits alone, parts of them, a short one (no key), the permit.
    for (const keyword of [
      reference.toLowerCase(),
      ` ${reference} `,
      number,
      number.slice(2),
      number.slice(0, 4),
      'L-1',
      `${reference}-77`,
    ]) {
      const expected = await plainMatches(world.assetA.id, keyword.trim());
      expect(await searched(keyword), keyword).toEqual({ ids: expected, total: expected.length });
    }
    for (const id of missed) expect((await searched(reference)).ids).not.toContain(id);
  });

  it('keeps the keys of every run of four digits of the search fields on every write', async () => {
    const api = restAs(ctx, agent);
    const created = await api.post('properties/listings', {
      reference: 'K-12345',
      title: 'Unit 987',
      permitNumber: '7117',
      permitExpiresAt: '2030-01-01T00:00:00.000Z',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json().data as { _id: string })._id;
    const keys = async () => (await ctx.db.listing.findUniqueOrThrow({ where: { id } })).searchNumbers.sort();
    expect(await keys()).toEqual(['1234', '2345', '7117']);
    expect(
      (await api.patch(`properties/listings/${id}`, { permitNumber: null, permitExpiresAt: null, city: 'Block 2024' })).statusCode,
    ).toBe(200);
    expect(await keys()).toEqual(['1234', '2024', '2345']);
    // A write to the column itself is overruled by the fields.
    await ctx.db.listing.update({ where: { id }, data: { searchNumbers: ['0000'] } });
    expect(await keys()).toEqual(['1234', '2024', '2345']);
  });

  it('reads the keys through their index', async () => {
    const plan = await ctx.db.$transaction(async (tx) => {
      await tx.$executeRaw`SET LOCAL enable_seqscan = off`;
      return tx.$queryRaw<{ 'QUERY PLAN': string }[]>`
        EXPLAIN SELECT id FROM "Listing" WHERE "searchNumbers" @> ARRAY['1234']`;
    });
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('Listing_searchNumbers_idx');
  });
});
