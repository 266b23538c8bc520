import { INTEGRATION_MESSAGES, PERMISSIONS as P, UNIT_TYPES } from '@crm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { uniqueSuffix } from '../../../test/factories.js';
import { PROPERTY_FINDER_FAKE_CREDENTIALS } from '../../../test/fakes/propertyfinder.fake.js';
import { createWorld, restAs, type Caller, type ResourceWorld } from '../../resources/resource-test-kit.js';

// The feed and permit calls answer 409 naming the missing integration (Property Finder, Trakheesi: never a success
// that did nothing), 404 for another asset's listing, 403 without the listings permission; and the listing lookups
// the editor uses.

let ctx: TestContext;
let world: ResourceWorld;
let agent: Caller;
let listingId: string;
let foreignId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createWorld(ctx);
  agent = await world.user([P.LISTINGS_VIEW]);
  const scope = { companyId: world.company.id };
  listingId = (
    await ctx.db.listing.create({ data: { ...scope, assetId: world.assetA.id, reference: `F-${uniqueSuffix()}`, permitNumber: '71170' } })
  ).id;
  foreignId = (await ctx.db.listing.create({ data: { ...scope, assetId: world.assetB.id, reference: `F-${uniqueSuffix()}` } })).id;
});
afterAll(async () => ctx.close());

const inject = (method: 'GET' | 'PATCH' | 'POST', path: string, caller: Caller, payload?: object) =>
  ctx.app.inject({ method, url: `/api/properties/listings/${path}`, headers: caller.headers, ...(payload ? { payload } : {}) });

describe('feed calls without Property Finder', () => {
  it('answer 409 naming Property Finder (the integration they push to), while it is not configured', async () => {
    for (const res of [
      await inject('PATCH', `sync-now/${listingId}`, agent, {}),
      await inject('GET', `sync-property-images/${listingId}`, agent),
      await inject('POST', 'sync-multiple-listings', agent, { listings: [listingId] }),
    ]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({
        statusCode: 409,
        message: INTEGRATION_MESSAGES.notConfigured('Property Finder'),
        data: { provider: 'propertyfinder', reason: 'NOT_CONFIGURED' },
      });
    }
    const permit = await inject('GET', `trakheesi/${listingId}`, agent);
    expect(permit.statusCode).toBe(409);
    expect(permit.json()).toMatchObject({ message: INTEGRATION_MESSAGES.notConfigured('Trakheesi'), data: { provider: 'trakheesi' } });
  });

  it('are not served by a feed portal (Bayut reads its feed); Property Finder switched on unconfigured, or configured and off, is named', async () => {
    const { assetA } = world;
    await ctx.db.integrationConfig.create({ data: { assetId: assetA.id, name: 'bayut', enabled: true } });
    expect((await inject('PATCH', `sync-now/${listingId}`, agent, {})).json().data).toEqual({
      provider: 'propertyfinder',
      reason: 'NOT_CONFIGURED',
    });
    await ctx.db.integrationConfig.create({ data: { assetId: assetA.id, name: 'propertyfinder', enabled: true } });
    await ctx.db.integrationConfig.create({ data: { assetId: assetA.id, name: 'trakheesi', enabled: true } });
    const sync = await inject('PATCH', `sync-now/${listingId}`, agent, {});
    expect(sync.statusCode).toBe(409);
    expect(sync.json().data).toEqual({ provider: 'propertyfinder', reason: 'NOT_CONFIGURED' });
    await ctx.db.integrationConfig.deleteMany({ where: { assetId: assetA.id, name: 'propertyfinder' } });
    const saved = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/assets/${assetA.id}/integrations/propertyfinder`,
      headers: world.admin.headers,
      payload: { enabled: false, config: { label: 'Marina account' }, secrets: PROPERTY_FINDER_FAKE_CREDENTIALS },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const off = await inject('POST', 'sync-multiple-listings', agent, { listings: [listingId] });
    expect(off.json()).toMatchObject({
      statusCode: 409,
      message: INTEGRATION_MESSAGES.disabled('Property Finder'),
      data: { provider: 'propertyfinder', reason: 'DISABLED' },
    });
    // Switched on but never configured (no ORN, no mode): still the guard's 409.
    expect((await inject('GET', `trakheesi/${listingId}`, agent)).json()).toMatchObject({
      statusCode: 409,
      data: { provider: 'trakheesi', reason: 'NOT_CONFIGURED' },
    });
    await ctx.db.integrationConfig.deleteMany({ where: { assetId: assetA.id } });
  });

  it('answer 404 for another asset’s listing, even among the asset’s own, and 403 without the permission', async () => {
    expect((await inject('PATCH', `sync-now/${foreignId}`, agent, {})).statusCode).toBe(404);
    expect((await inject('GET', `sync-property-images/${foreignId}`, agent)).statusCode).toBe(404);
    expect((await inject('GET', `trakheesi/${foreignId}`, agent)).statusCode).toBe(404);
    expect((await inject('GET', 'trakheesi/not-an-id', agent)).statusCode).toBe(404);
    expect((await inject('POST', 'sync-multiple-listings', agent, { listings: [listingId, foreignId] })).statusCode).toBe(404);
    const bad = await inject('POST', 'sync-multiple-listings', agent, { listings: [] });
    expect(bad.statusCode).toBe(400);
    const reader = await world.user([P.LEADS_REPORT_VIEW]);
    expect((await inject('PATCH', `sync-now/${listingId}`, reader, {})).statusCode).toBe(403);
  });

  it('answer the same through tRPC', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/trpc/listings.syncNow',
      headers: { ...agent.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ id: listingId }),
    });
    expect(res.statusCode).toBe(409);
    expect(JSON.stringify(res.json())).toContain(INTEGRATION_MESSAGES.notConfigured('Property Finder'));
  });
});

describe('listing lookups', () => {
  it('answer the property types, tags, distinct values and the static dictionary', async () => {
    const api = restAs(ctx, agent);
    await api.post('properties/listings', {
      reference: `T-${uniqueSuffix()}`,
      community: 'Jumeirah Village Circle',
      tags: ['hot deal'],
      unitType: 'Townhouse',
    });
    const types = await api.get('properties/listings/property-types');
    expect(types.json().data).toEqual(expect.arrayContaining([...UNIT_TYPES]));
    expect(UNIT_TYPES.length).toBeGreaterThanOrEqual(55);
    const dictionary = await api.get('static-dictionaries/property-types');
    expect(dictionary.json().data).toEqual([...UNIT_TYPES]);
    expect((await api.get('properties/listings/tags')).json().data).toEqual(['hot deal']);
    const communities = await api.get('properties/listings/distinct/community', undefined, { countrySlug: 'uae' });
    expect(communities.statusCode, communities.body).toBe(200);
    expect(communities.json().data).toContain('Jumeirah Village Circle');
    const statuses = await api.get('properties/listings/distinct/status');
    expect(statuses.json().data).toEqual(['Draft']);
    for (const lookup of [
      'bedrooms',
      'countries',
      'cities',
      'communities',
      'locations',
      'search-locations',
      'sub-locations',
      'amenities',
    ]) {
      expect((await api.get(`properties/listings/${lookup}`)).statusCode, lookup).toBe(200);
    }
    expect((await api.get('properties/listings/amenities-static')).json().data).toContain('Balcony');
  });
});
