import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS as P, PLACE_MESSAGES } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createWorld, restAs, type ResourceWorld } from '../../resources/resource-test-kit.js';
import { PLACE_SEED_VERSION, UAE_PLACES_SEED } from './uae-places.seed.js';

// The company's places: seeded from the repo's UAE list on the first lookup, edited through the generic resource,
// and read by the listing lookups the lead form, listings and projects share. States and cities of other countries
// come from the data package.

let ctx: TestContext;
let world: ResourceWorld;

type Named = { _id: string; name: string; kind: string };
const seededDubai = UAE_PLACES_SEED.flatMap((e) => e.cities).find((c) => c.name === 'Dubai')?.communities ?? [];

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createWorld(ctx);
});
afterAll(async () => ctx.close());

describe('places', () => {
  it("seeds the UAE once per company on its first lookup: emirates, cities, Dubai's communities and sub-communities", async () => {
    const agent = restAs(ctx, await world.user([P.LISTINGS_VIEW]));
    const locations = (await agent.get('properties/listings/locations', {}, { city: 'Dubai' })).json().data as string[];
    expect(seededDubai.length).toBeGreaterThan(40);
    expect(locations).toEqual(expect.arrayContaining(seededDubai.map((c) => c.name)));
    const subs = (await agent.get('properties/listings/sub-locations', {}, { city: 'Dubai', location: 'Palm Jumeirah' })).json().data;
    expect(subs).toEqual(['Frond G', 'Golden Mile', 'Oceana', 'Shoreline Apartments', 'Tiara Residences']);
    const count = await ctx.db.place.count({ where: { companyId: world.company.id } });
    await agent.get('properties/listings/cities', {}, { country: 'AE' });
    expect(await ctx.db.place.count({ where: { companyId: world.company.id } })).toBe(count);
    expect(await ctx.db.placeSeed.findUnique({ where: { companyId: world.company.id } })).toMatchObject({ version: PLACE_SEED_VERSION });
    const emirates = await ctx.db.place.findMany({ where: { companyId: world.company.id, kind: 'emirate' }, orderBy: { name: 'asc' } });
    expect(emirates.map((e) => e.code)).toEqual(['AZ', 'AJ', 'DU', 'FU', 'RK', 'SH', 'UQ']);
  });

  it('shows a community and sub-community an admin adds in the listing lookups, and drops a deleted one', async () => {
    const admin = restAs(ctx, await world.user([P.BASIC_SETTING_VIEW]));
    const agent = restAs(ctx, await world.user([P.LISTINGS_VIEW]));
    await agent.get('properties/listings/cities');
    const dubai = (await admin.get('properties/places', { query: { kind: 'city', name: 'Dubai' } })).json().data[0] as Named;
    const created = await admin.post('properties/places', { kind: 'community', name: 'Dubai Islands', parent: dubai._id });
    expect(created.statusCode, created.body).toBe(201);
    const community = created.json().data as Named;
    const sub = await admin.post('properties/places', { kind: 'subCommunity', name: 'Island A', parent: community._id });
    expect(sub.statusCode, sub.body).toBe(201);

    expect((await agent.get('properties/listings/locations', {}, { city: 'dubai' })).json().data).toContain('Dubai Islands');
    expect((await agent.get('properties/listings/communities', {}, { city: 'Dubai' })).json().data).toContain('Dubai Islands');
    expect((await agent.get('properties/listings/sub-locations', {}, { location: 'Dubai Islands' })).json().data).toEqual(['Island A']);
    const hits = (await agent.get('properties/listings/search-locations', {}, { keyword: 'island a' })).json().data;
    expect(hits).toEqual([
      {
        label: 'Island A, Dubai Islands',
        value: 'Island A',
        kind: 'subLocation',
        city: 'Dubai',
        location: 'Dubai Islands',
        subLocation: 'Island A',
      },
    ]);
    const listed = await admin.get('properties/places', {
      query: { parent: community._id },
      populate: [{ path: 'parent', select: ['name', 'kind'] }],
    });
    expect(listed.json().data).toMatchObject([
      { name: 'Island A', parent: { _id: community._id, name: 'Dubai Islands', kind: 'community' } },
    ]);

    expect((await admin.delete(`properties/places/${community._id}`)).statusCode).toBe(200);
    expect((await agent.get('properties/listings/locations', {}, { city: 'dubai' })).json().data).not.toContain('Dubai Islands');
    expect((await agent.get('properties/listings/sub-locations', {}, { city: 'dubai' })).json().data).not.toContain('Island A');
  });

  it('keeps the tree: a parent of the kind above, no twin among siblings, edits for admins only', async () => {
    const admin = restAs(ctx, await world.user([P.BASIC_SETTING_VIEW]));
    const places = async (query: object) => (await admin.get('properties/places', { query })).json().data as Named[];
    const [dubai] = await places({ kind: 'city', name: 'Dubai' });
    const [emirate] = await places({ kind: 'emirate', name: 'Dubai' });
    const refused = async (body: object) => (await admin.post('properties/places', body)).json();
    expect(await refused({ kind: 'community', name: 'Nowhere' })).toMatchObject({
      statusCode: 400,
      data: { parent: [PLACE_MESSAGES.parentRequired('community')] },
    });
    expect(await refused({ kind: 'community', name: 'Nowhere', parent: emirate?._id })).toMatchObject({
      data: { parent: [PLACE_MESSAGES.parentWrongKind('community')] },
    });
    expect(await refused({ kind: 'community', name: 'dubai marina', parent: dubai?._id })).toMatchObject({
      data: { name: [PLACE_MESSAGES.duplicate('dubai marina')] },
    });
    const [marina] = await places({ kind: 'community', name: 'Dubai Marina' });
    expect((await admin.patch(`properties/places/${marina?._id}`, { kind: 'city', parent: emirate?._id })).json()).toMatchObject({
      data: { kind: [PLACE_MESSAGES.kindHasChildren] },
    });
    const renamed = await admin.patch(`properties/places/${marina?._id}`, { name: 'Dubai Marina West' });
    expect(renamed.json().data).toMatchObject({ name: 'Dubai Marina West', kind: 'community' });

    const agent = restAs(ctx, await world.user([P.LISTINGS_VIEW]));
    expect((await agent.get('properties/places')).statusCode).toBe(200);
    expect((await agent.post('properties/places', { kind: 'community', name: 'X', parent: dubai?._id })).statusCode).toBe(403);
    expect((await restAs(ctx, await world.user([P.FAQS_VIEW])).get('properties/places')).statusCode).toBe(403);
  });
});

describe("a country's states and cities", () => {
  it('come from the data package, per country', async () => {
    const api = restAs(ctx, await world.user([P.LISTINGS_VIEW]));
    const states = (await api.get('geo/states', { limit: -1 }, { country: 'US' })).json().data as { name: string; isoCode: string }[];
    expect(states.length).toBeGreaterThanOrEqual(50);
    expect(states).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'California', isoCode: 'CA', countryCode: 'US' })]));
    const california = await api.get('geo/cities', { query: { stateCode: 'CA' }, limit: -1 }, { country: 'United States' });
    const cities = california.json().data as { name: string; countryCode: string }[];
    expect(cities.map((c) => c.name)).toEqual(expect.arrayContaining(['Los Angeles', 'San Francisco', 'San Diego']));
    expect(cities.every((c) => c.countryCode === 'US')).toBe(true);
    expect((await api.get('geo/cities', { limit: -1 }, { keyword: 'Al Ain' })).json().data).toEqual([
      expect.objectContaining({ name: 'Al Ain City', countryCode: 'AE', stateCode: 'AZ' }),
    ]);
  });
});
