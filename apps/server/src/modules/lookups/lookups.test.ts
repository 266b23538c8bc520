import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCountryCallingCode, type CountryCode } from 'libphonenumber-js';
import { AMENITIES, PERMISSIONS as P, UNIT_TYPES, type Country } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createRole, createUser, loginAs } from '../../../test/factories.js';
import { restAs, type Caller } from '../../resources/resource-test-kit.js';
import { seedDemoData } from '../../seed/demo-data.js';

// The lookups of the lead and customer forms over the seeded demo data (docs/api.md 'Demo data'): geo lists
// sorted and with phone codes, the static dictionaries, the listing lookups (the asset's values merged with
// the static lists, never another asset's), and the generic calls the form uses for listings, projects, team.

let ctx: TestContext;
let agent: Caller;
let agent2: Caller;
let marinaId: string;
let downtownId: string;

const names = (res: { json: () => unknown }) => ((res.json() as { data: { name: string }[] }).data ?? []).map((item) => item.name);
const sortedByName = (list: string[]) => [...list].sort((a, b) => a.localeCompare(b, 'en'));

beforeAll(async () => {
  ctx = await createTestApp();
  const summary = await seedDemoData(ctx.db);
  marinaId = summary.assets.find((a) => a.name === 'Dubai Marina Office')?.id ?? '';
  downtownId = summary.assets.find((a) => a.name === 'Downtown Office')?.id ?? '';
  agent = { headers: await loginAs(ctx, 'agent@example.com'), userId: '' };
  agent2 = { headers: await loginAs(ctx, 'agent2@example.com'), userId: '' };
});
afterAll(async () => ctx.close());

describe('geo', () => {
  it('lists every country sorted by name, with its phone code', async () => {
    const res = await restAs(ctx, agent).get('geo/countries', { limit: -1 });
    expect(res.statusCode, res.body).toBe(200);
    const countries = res.json().data as Country[];
    expect(countries.length).toBeGreaterThan(240);
    expect(res.json().meta).toMatchObject({ total: countries.length, totalPages: 1, hasNextPage: false });
    expect(countries.map((c) => c.name)).toEqual(sortedByName(countries.map((c) => c.name)));
    expect(countries.find((c) => c.isoCode === 'AE')).toEqual({
      _id: 'AE',
      name: 'United Arab Emirates',
      isoCode: 'AE',
      phoneCode: '+971',
      flag: '🇦🇪',
    });
    for (const country of countries) expect(country.phoneCode).toBe(`+${getCountryCallingCode(country.isoCode as CountryCode)}`);
  });

  it('takes the list filter and a keyword', async () => {
    const api = restAs(ctx, agent);
    const firstPage = await api.get('geo/countries');
    expect(firstPage.json().data).toHaveLength(20);
    expect(firstPage.json().meta).toMatchObject({ limit: 20, page: 1, hasNextPage: true });
    expect((await api.get('geo/countries', { query: { isoCode: 'GB' } })).json().data).toMatchObject([
      { name: 'United Kingdom', phoneCode: '+44' },
    ]);
    expect(names(await api.get('geo/countries', { limit: -1 }, { keyword: 'emirates' }))).toEqual(['United Arab Emirates']);
    expect((await api.get('geo/countries', { query: { phoneCode: { $in: ['+971', '+966'] } }, select: ['name'] })).json().data).toEqual([
      { _id: 'SA', name: 'Saudi Arabia' },
      { _id: 'AE', name: 'United Arab Emirates' },
    ]);
    expect(names(await api.get('geo/countries', { query: { name: { $regex: 'guinea' } }, sort: { name: -1 }, limit: -1 }))).toEqual([
      'Papua New Guinea',
      'Guinea-Bissau',
      'Guinea',
      'Equatorial Guinea',
    ]);
    const bad = await api.get('geo/countries', { query: { password: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data).toEqual({ 'filter.query.password': ["Unknown field 'password'."] });
    expect((await api.get('geo/countries', { query: { name: { $where: '1' } } })).statusCode).toBe(400);
    const broken = await ctx.app.inject({ method: 'GET', url: '/api/geo/countries?filter=%7Bnope', headers: agent.headers });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().data).toEqual({ filter: ['The filter is not valid JSON.'] });
    const wrongLimit = await ctx.app.inject({
      method: 'GET',
      url: `/api/geo/countries?filter=${encodeURIComponent('{"limit":"x"}')}`,
      headers: agent.headers,
    });
    expect(Object.keys(wrongLimit.json().data)).toEqual(['filter.limit']);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/geo/countries' })).statusCode).toBe(401);
  });

  it('lists the emirates and cities of a country', async () => {
    const api = restAs(ctx, agent);
    const states = names(await api.get('geo/states', { limit: -1 }, { country: 'AE' }));
    expect(states).toEqual(['Abu Dhabi', 'Ajman', 'Dubai', 'Fujairah', 'Ras Al Khaimah', 'Sharjah', 'Umm Al Quwain']);
    expect(names(await api.get('geo/states', { limit: -1 }, { country: 'United Arab Emirates' }))).toEqual(states);
    expect(names(await api.get('geo/states', { limit: -1 }, { country: 'FR' }))).toEqual(
      expect.arrayContaining(['Île-de-France', 'Paris']),
    );
    expect(names(await api.get('geo/states', { limit: -1 }, { country: 'Atlantis' }))).toEqual([]);
    const cities = names(await api.get('geo/cities', { limit: -1 }, { country: 'ae' }));
    expect(cities).toEqual(sortedByName(cities));
    expect(cities).toEqual(expect.arrayContaining(['Dubai', 'Abu Dhabi', 'Sharjah', 'Al Ain City']));
    expect(names(await api.get('geo/cities', { limit: -1 }, { country: 'GB' }))).toContain('London');
    expect((await api.get('geo/cities', { query: { stateCode: 'DU' }, limit: -1 })).json().data).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Dubai', countryCode: 'AE' })]),
    );
  });

  it('lists currencies, time zones with their offsets, and languages', async () => {
    const api = restAs(ctx, agent);
    const currencies = await api.get('geo/currencies', { limit: -1 });
    expect(names(currencies)).toEqual(sortedByName(names(currencies)));
    expect(currencies.json().data).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'AED', name: 'United Arab Emirates Dirham' })]),
    );
    const zones = await api.get('geo/timezones', { query: { name: { $in: ['Asia/Dubai', 'UTC', 'Asia/Kolkata'] } } });
    expect(zones.json().data).toEqual([
      { _id: 'Asia/Dubai', name: 'Asia/Dubai', offset: '+04:00', offsetMinutes: 240, label: '(UTC+04:00) Asia/Dubai' },
      { _id: 'Asia/Kolkata', name: 'Asia/Kolkata', offset: '+05:30', offsetMinutes: 330, label: '(UTC+05:30) Asia/Kolkata' },
      expect.objectContaining({ name: 'UTC', offset: '+00:00' }),
    ]);
    const byOffset = (await api.get('geo/timezones', { sort: { offsetMinutes: 1 }, limit: 1 })).json().data[0];
    expect(byOffset.offsetMinutes).toBeLessThanOrEqual(-600);
    const languages = (await api.get('geo/languages', { limit: -1 })).json().data as { code: string; name: string; nativeName: string }[];
    expect(languages.find((l) => l.code === 'ar')).toMatchObject({ name: 'Arabic', nativeName: 'العربية' });
    expect(languages.map((l) => l.name)).toEqual(sortedByName(languages.map((l) => l.name)));
  });

  it('answers the static dictionaries and the same lists through tRPC', async () => {
    const api = restAs(ctx, agent);
    expect((await api.get('static-dictionaries/property-types')).json()).toEqual({ data: [...UNIT_TYPES] });
    expect((await api.get('static-dictionaries/property-amenities')).json()).toEqual({ data: [...AMENITIES] });
    const input = encodeURIComponent(JSON.stringify({ lookup: 'countries', filter: { query: { isoCode: 'AE' } } }));
    const viaTrpc = await ctx.app.inject({ method: 'GET', url: `/trpc/lookups.geo?input=${input}`, headers: agent.headers });
    expect(viaTrpc.json().result.data.data).toMatchObject([{ phoneCode: '+971' }]);
  });
});

describe('listing lookups', () => {
  const distinctOf = async (
    assetId: string,
    pick: (l: {
      location: string | null;
      subLocation: string | null;
      bedrooms: number | null;
      amenities: string[];
      unitType: string | null;
    }) => unknown,
  ) => [...new Set((await ctx.db.listing.findMany({ where: { assetId, deletedAt: null } })).flatMap((l) => pick(l)))];

  it("merges the asset's listings with the static lists", async () => {
    const api = restAs(ctx, agent);
    const types = (await api.get('properties/listings/property-types')).json().data as string[];
    expect(types).toEqual(expect.arrayContaining([...UNIT_TYPES]));
    expect((await api.get('properties/listings/countries')).json().data).toEqual(['United Arab Emirates']);
    const cities = (await api.get('properties/listings/cities', {}, { country: 'AE' })).json().data as string[];
    expect(cities).toEqual(expect.arrayContaining(['Dubai', 'Abu Dhabi', 'Sharjah']));
    expect((await api.get('properties/listings/cities', {}, { country: 'GB' })).json().data).toEqual([]);
    const bedrooms = (await api.get('properties/listings/bedrooms')).json().data as number[];
    expect(bedrooms).toEqual(((await distinctOf(marinaId, (l) => l.bedrooms)) as number[]).sort((a, b) => a - b));
    expect((await api.get('properties/listings/amenities')).json().data).toEqual(
      sortedByName((await distinctOf(marinaId, (l) => l.amenities)) as string[]),
    );
    expect((await api.get('properties/listings/amenities-static')).json().data).toEqual([...AMENITIES]);
  });

  it("loads locations by city text, 'dubai' by default, with sub-locations and communities", async () => {
    const api = restAs(ctx, agent);
    const dubai = (await api.get('properties/listings/locations')).json().data as string[];
    const seeded = (await distinctOf(marinaId, (l) => l.location)) as string[];
    const communities = await ctx.db.place.findMany({ where: { kind: 'community', parent: { name: 'Dubai', kind: 'city' } } });
    expect(communities.length).toBeGreaterThan(40);
    expect(dubai).toEqual(sortedByName([...new Set([...seeded, ...communities.map((c) => c.name)])]));
    expect((await api.get('properties/listings/locations', {}, { city: 'DUBAI' })).json().data).toEqual(dubai);
    expect((await api.get('properties/listings/locations', {}, { city: 'abu dhabi' })).json().data).toContain('Saadiyat Island');
    const subs = (await api.get('properties/listings/sub-locations', {}, { location: 'Dubai Marina' })).json().data as string[];
    expect(subs).toEqual(expect.arrayContaining(['Cayan Tower', 'Marina Gate 1', 'Princess Tower']));
    expect(subs).not.toContain('Frond G');
    expect((await api.get('properties/listings/communities', {}, { city: 'dubai' })).json().data).toEqual(
      expect.arrayContaining(['Jumeirah Beach Residence', 'Jumeirah Lake Towers', 'Dubai Marina']),
    );
    const hits = (await api.get('properties/listings/search-locations', {}, { keyword: 'marina' })).json().data as {
      kind: string;
      value: string;
      label: string;
    }[];
    expect(hits[0]).toEqual({
      label: 'Dubai Marina',
      value: 'Dubai Marina',
      kind: 'location',
      city: 'Dubai',
      location: 'Dubai Marina',
      subLocation: null,
    });
    expect(hits).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'subLocation', value: 'Marina Gate 1', label: 'Marina Gate 1, Dubai Marina' }),
      ]),
    );
  });

  it("narrows by the filter and never shows another asset's values", async () => {
    const secret = {
      companyId: (await ctx.db.company.findFirstOrThrow()).id,
      assetId: downtownId,
      reference: 'DT-SECRET',
      city: 'Dubai',
      location: 'Hidden Valley',
      bedrooms: 42,
      amenities: ['Private Jacuzzi'],
    };
    await ctx.db.listing.create({ data: secret });
    expect((await restAs(ctx, agent).get('properties/listings/locations')).json().data).not.toContain('Hidden Valley');
    expect((await restAs(ctx, agent2).get('properties/listings/locations')).json().data).toContain('Hidden Valley');
    expect((await restAs(ctx, agent).get('properties/listings/bedrooms')).json().data).not.toContain(42);
    const rentOnly = (await restAs(ctx, agent).get('properties/listings/bedrooms', { query: { leadType: 'Rent' } })).json()
      .data as number[];
    const rentExpected = [
      ...new Set((await ctx.db.listing.findMany({ where: { assetId: marinaId, leadType: 'Rent' } })).map((l) => l.bedrooms)),
    ];
    expect(rentOnly).toEqual((rentExpected as number[]).sort((a, b) => a - b));
    expect((await restAs(ctx, agent).get('properties/listings/bedrooms', { query: { secret: 1 } })).statusCode).toBe(400);
  });

  it('needs a listings read permission', async () => {
    const company = await ctx.db.company.findFirstOrThrow();
    const role = await createRole(ctx, [P.FAQS_VIEW], { company });
    const user = await createUser(ctx, { role, assets: [{ id: marinaId }] });
    const outsider: Caller = { headers: await loginAs(ctx, user.email), userId: user.id };
    expect((await restAs(ctx, outsider).get('properties/listings/locations')).statusCode).toBe(403);
    expect((await restAs(ctx, outsider).get('geo/countries')).statusCode).toBe(200);
  });
});

describe('the generic calls the lead form uses', () => {
  it('searches listings (limit 100) and projects (no limit) of the asset', async () => {
    const api = restAs(ctx, agent);
    const listings = await api.get('properties/listings/search', { limit: 100, select: ['reference', 'location'] }, { keyword: 'marina' });
    expect(listings.statusCode).toBe(200);
    const refs = listings.json().data as { reference: string; location: string }[];
    expect(refs.length).toBeGreaterThan(0);
    for (const listing of refs) expect(listing.location).toBe('Dubai Marina');
    expect((await api.get('properties/listings/search', { limit: 100 }, { keyword: 'MAR-S' })).json().meta.total).toBeGreaterThan(0);
    const projects = await api.get('properties/projects/search', { limit: -1, select: ['name', 'campaignName'] });
    expect(projects.json().meta.total).toBe(await ctx.db.project.count({ where: { assetId: marinaId, deletedAt: null } }));
  });

  it('lists the team with id, name, enabled and reportedTo (managers report to nobody)', async () => {
    const res = await restAs(ctx, agent).get('teams/members', {
      limit: -1,
      select: ['name', 'enabled', 'reportedTo'],
      query: { name: { $exists: true } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const team = res.json().data as { _id: string; name: string; enabled: boolean; reportedTo: string | null }[];
    expect(Object.keys(team[0] ?? {}).sort()).toEqual(['_id', 'enabled', 'name', 'reportedTo']);
    const managers = team.filter((m) => m.reportedTo === null);
    expect(managers.map((m) => m.name)).toEqual(['Sara Al Mansoori']);
    for (const member of team.filter((m) => m.reportedTo !== null)) expect(member.reportedTo).toBe(managers[0]?._id);
    expect(team.find((m) => m.name === 'Mark Collins')?.enabled).toBe(false);
  });

  it('has sources for the form', async () => {
    const sources = await restAs(ctx, agent).get('properties/leads/v2/source');
    expect(sources.statusCode).toBe(200);
    expect((sources.json().data as string[]).length).toBeGreaterThan(0);
  });
});
