import { INTEGRATION_MESSAGES as M, PERMISSIONS as P, type PrimaryCrm } from '@crm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOYZER_FAKE_CREDENTIALS, startGoyzerFake, type GoyzerFake } from '../../../test/fakes/goyzer.fake.js';
import { PROPERTY_FINDER_FAKE_CREDENTIALS, startPropertyFinderFake } from '../../../test/fakes/propertyfinder.fake.js';
import type { FakeProvider } from '../../../test/fakes/fake-http.js';
import { uniqueSuffix } from '../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createWorld, restAs, type ResourceWorld } from '../../resources/resource-test-kit.js';

// The listing sync calls go to the asset's primary CRM (the lead setting `primaryCrm`) when it is usable and syncs
// listings, and to Property Finder when it is on: one run each, both answered (`runs`, the first also as provider and
// runId) and followed to their end through GET sync-runs/{id}. Neither able to take them: the CRM's 409 when it is
// set but unusable, else Property Finder's. Real PostgreSQL, Redis and workers; Goyzer and Property Finder are fakes.

let ctx: TestContext;
let world: ResourceWorld;
let gz: GoyzerFake;
let pf: FakeProvider;
let api: ReturnType<typeof restAs>;
let listingId: string;

const integration = (name: string, payload: object) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/assets/${world.assetA.id}/integrations/${name}`,
    headers: world.admin.headers,
    payload,
  });
const setGoyzer = (enabled: boolean) =>
  integration('goyzer', {
    enabled,
    config: { groupCode: GOYZER_FAKE_CREDENTIALS.groupCode },
    secrets: { accessCode: GOYZER_FAKE_CREDENTIALS.accessCode },
  });
const setPropertyFinder = (enabled: boolean) =>
  integration('propertyfinder', { enabled, config: { label: 'Marina account' }, secrets: PROPERTY_FINDER_FAKE_CREDENTIALS });
const primaryCrm = (crm: PrimaryCrm) => ctx.db.asset.update({ where: { id: world.assetA.id }, data: { primaryCrm: crm } });
const syncNow = () => api.patch(`properties/listings/sync-now/${listingId}`, {});
const syncMany = () => api.post('properties/listings/sync-multiple-listings', { listings: [listingId] });

/** The run followed as the listing screens do (GET sync-runs/{id}) until it ends. */
async function follow(runId: string) {
  const until = Date.now() + 20_000;
  for (;;) {
    const res = await api.get(`properties/listings/sync-runs/${runId}`);
    expect(res.statusCode, res.body).toBe(200);
    const run = res.json().data;
    if (run.status === 'completed' || run.status === 'failed' || Date.now() > until) return run;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  [gz, pf] = await Promise.all([startGoyzerFake(), startPropertyFinderFake()]);
  ctx = await createTestApp({
    envOverrides: {
      RUN_WORKERS: 'true',
      JOBS_CLOSE_TIMEOUT_MS: '500',
      INTEGRATION_BASE_URL_GOYZER: gz.url,
      INTEGRATION_BASE_URL_PROPERTYFINDER: pf.url,
      INTEGRATION_SYNC_BACKOFF_MS: '50',
    },
  });
  world = await createWorld(ctx);
  api = restAs(ctx, await world.user([P.LISTINGS_VIEW]));
  // A listing that came from Goyzer, whose unit Goyzer has changed since.
  const listing = await ctx.db.listing.create({
    data: {
      companyId: world.company.id,
      assetId: world.assetA.id,
      reference: 'GZ-501',
      title: 'Old title',
      inputSource: 'goyzer',
      sourceDataId: '501',
    },
  });
  listingId = listing.id;
  gz.sales.push({
    UnitID: '501',
    RefNo: 'GZ-501',
    MarketingTitle: `Refreshed title ${uniqueSuffix()}`,
    SellPrice: '2,100,000',
    Bedrooms: '3',
    NoOfBathrooms: '3',
    BuiltupArea: '1600',
    CityName: 'Dubai',
    Community: 'Dubai Marina',
    DistrictName: 'Marina',
    PropertyName: 'Marina Gate',
    PermitNumber: '71501',
    SalesmanEmail: '',
    Remarks: 'Refreshed from Goyzer',
    images: [],
  });
});
afterAll(async () => {
  await ctx?.close();
  await Promise.all([gz?.close(), pf?.close()]);
});

describe('listing sync calls with a primary CRM', () => {
  it("answer Property Finder's 409 when no CRM applies, and the CRM's when it is set but not usable", async () => {
    const none = await syncNow();
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ message: M.notConfigured('Property Finder'), data: { provider: 'propertyfinder' } });
    // Salesforce keeps no listings: it does not apply, Property Finder's guard answers.
    await primaryCrm('salesforce');
    expect((await syncMany()).json()).toMatchObject({ statusCode: 409, data: { provider: 'propertyfinder', reason: 'NOT_CONFIGURED' } });
    await primaryCrm('goyzer');
    const crm = await syncNow();
    expect(crm.statusCode).toBe(409);
    expect(crm.json()).toMatchObject({ message: M.notConfigured('Goyzer'), data: { provider: 'goyzer', reason: 'NOT_CONFIGURED' } });
  });

  it('queue one run for Goyzer when Property Finder is off: the listing refreshed from Goyzer', async () => {
    expect((await setGoyzer(true)).statusCode).toBe(200);
    const res = await syncNow();
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json().data;
    expect(answer).toEqual({
      provider: 'goyzer',
      synced: 1,
      runId: expect.any(String),
      runs: [{ provider: 'goyzer', runId: answer.runId }],
    });
    expect(await follow(answer.runId)).toMatchObject({
      provider: 'goyzer',
      kind: 'listings',
      status: 'completed',
      counts: { created: 0, updated: 1, skipped: 0 },
    });
    const listing = await ctx.db.listing.findUniqueOrThrow({ where: { id: listingId } });
    expect(listing.title).toBe(gz.sales[0]?.MarketingTitle);
    expect(listing.description).toBe('Refreshed from Goyzer');
  });

  it('queue two runs with Property Finder on too, the CRM first; Property Finder alone while Goyzer is off', async () => {
    expect((await setPropertyFinder(true)).statusCode).toBe(200);
    const res = await syncMany();
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json().data;
    expect(answer.runs.map((run: { provider: string }) => run.provider)).toEqual(['goyzer', 'propertyfinder']);
    expect(answer).toMatchObject({ provider: 'goyzer', synced: 1, runId: answer.runs[0].runId });
    for (const run of answer.runs) expect(await follow(run.runId)).toMatchObject({ provider: run.provider, status: 'completed' });

    expect((await setGoyzer(false)).statusCode).toBe(200);
    const portalOnly = (await syncNow()).json().data;
    expect(portalOnly).toMatchObject({ provider: 'propertyfinder', runs: [{ provider: 'propertyfinder', runId: portalOnly.runId }] });
    expect(portalOnly.runs).toHaveLength(1);
  });

  it("answer the CRM's 409 when neither can take them: Goyzer off and Property Finder off", async () => {
    expect((await setPropertyFinder(false)).statusCode).toBe(200);
    for (const res of [await syncNow(), await syncMany()]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: M.disabled('Goyzer'), data: { provider: 'goyzer', reason: 'DISABLED' } });
    }
  });
});
