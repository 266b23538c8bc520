import { PERMISSIONS as P } from '@crm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeProvider } from '../../../test/fakes/fake-http.js';
import { PROPERTY_FINDER_FAKE_CREDENTIALS, startPropertyFinderFake } from '../../../test/fakes/propertyfinder.fake.js';
import { uniqueSuffix } from '../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createWorld, restAs, type ResourceWorld } from '../../resources/resource-test-kit.js';
import { syncJobId } from '../integrations/index.js';

// With Property Finder configured, the listing sync calls become jobs: one SyncRun per call under a deterministic
// job id, worked against a local Property Finder, its outcome readable from sync-status/propertyfinder. A listing is
// sent only when it qualifies and only when it changed; a Property Finder 5xx is retried by the queue, never reported
// as a success or a failure.

const DAY = 24 * 60 * 60 * 1000;
let ctx: TestContext;
let world: ResourceWorld;
let pf: FakeProvider;

const admin = (method: 'GET' | 'PATCH', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/${url}`, headers: world.admin.headers, ...(payload ? { payload } : {}) });

async function finished(runId: string) {
  const until = Date.now() + 15_000;
  for (;;) {
    const status = (await admin('GET', `assets/${world.assetA.id}/integrations/sync-status/propertyfinder`)).json().data;
    const run = status.runs.find((r: { _id: string }) => r._id === runId);
    if ((run && (run.status === 'completed' || run.status === 'failed')) || Date.now() > until) return run;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  pf = await startPropertyFinderFake();
  ctx = await createTestApp({
    envOverrides: {
      RUN_WORKERS: 'true',
      JOBS_CLOSE_TIMEOUT_MS: '500',
      INTEGRATION_BASE_URL_PROPERTYFINDER: pf.url,
      INTEGRATION_SYNC_BACKOFF_MS: '50',
    },
  });
  world = await createWorld(ctx);
});
afterAll(async () => {
  await ctx?.close();
  await pf?.close();
});

describe('listing sync calls with Property Finder configured', () => {
  it('queue a push job, whose run sync-status shows completed; a listing without a live permit is not sent', async () => {
    const saved = await admin('PATCH', `assets/${world.assetA.id}/integrations/propertyfinder`, {
      enabled: true,
      config: { label: 'Marina account', publishByDefault: true },
      secrets: PROPERTY_FINDER_FAKE_CREDENTIALS,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const scope = { companyId: world.company.id, assetId: world.assetA.id };
    const live = await ctx.db.listing.create({
      data: {
        ...scope,
        reference: `PF-${uniqueSuffix()}`,
        permitNumber: '7110001',
        permitStatus: 'valid',
        permitExpiresAt: new Date(Date.now() + 90 * DAY),
        status: 'Published',
        portals: ['Property Finder'],
      },
    });
    const unchecked = await ctx.db.listing.create({
      data: { ...scope, reference: `PF-${uniqueSuffix()}`, permitNumber: '7110009', status: 'Published', portals: ['Property Finder'] },
    });
    const api = restAs(ctx, await world.user([P.LISTINGS_VIEW]));

    const one = await api.patch(`properties/listings/sync-now/${live.id}`, {});
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toMatchObject({ provider: 'propertyfinder', synced: 1 });
    const run = await finished(one.json().data.runId);
    expect(run).toMatchObject({
      kind: 'listings',
      status: 'completed',
      progress: { done: 1, total: 1 },
      counts: { created: 1, updated: 0, skipped: 0 },
      attempts: 1,
    });
    const pushes = pf.requests.filter((r) => r.path === '/v1/listings');
    expect(pushes).toHaveLength(1);
    expect(JSON.parse(pushes[0]?.body ?? '{}')).toMatchObject({ reference: live.reference, permitNumber: '7110001' });
    // The account publishes new listings: the draft is published at once.
    expect(pf.requests.filter((r) => r.method === 'POST' && /^\/v1\/listings\/[^/]+\/publish$/.test(r.path))).toHaveLength(1);

    const many = await api.post('properties/listings/sync-multiple-listings', { listings: [live.id, unchecked.id] });
    expect(many.json().data).toMatchObject({ synced: 2 });
    // The live listing is unchanged since its push, the other has no live permit: neither is sent.
    expect(await finished(many.json().data.runId)).toMatchObject({
      status: 'completed',
      progress: { done: 2, total: 2 },
      counts: { created: 0, updated: 0, skipped: 2 },
    });
    const sent = pf.requests.filter((r) => r.path === '/v1/listings').map((r) => JSON.parse(r.body).reference);
    // Unchanged since its last push: not sent again (its ExternalRef's payload hash); the other not at all.
    expect(sent).toEqual([live.reference]);
    expect(pf.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);

    // Property Finder fails the update, then answers: the queue retries and the changed listing is sent in place.
    await ctx.db.listing.update({ where: { id: live.id }, data: { price: 1_250_000 } });
    pf.failNext(503);
    const images = await api.get(`properties/listings/sync-property-images/${live.id}`);
    expect(await finished(images.json().data.runId)).toMatchObject({
      kind: 'listing-images',
      status: 'completed',
      attempts: 2,
      counts: { created: 0, updated: 1, skipped: 0 },
    });
    const updates = pf.requests.filter((r) => r.method === 'PUT' && /^\/v1\/listings\/[^/]+$/.test(r.path));
    // The failed update and its retry.
    expect(updates).toHaveLength(2);
    expect(JSON.parse(updates.at(-1)?.body ?? '{}')).toMatchObject({ price: 1_250_000 });
    const row = { id: saved.json().data._id, name: 'propertyfinder' };
    expect(syncJobId(row, ['listings'], [live.id, unchecked.id])).toBe(syncJobId(row, ['listings'], [unchecked.id, live.id]));
  });

  it("let a listings user follow a run (GET sync-runs/{id}, tRPC listings.syncRun) to its end, a failure's reason too; another asset's is 404", async () => {
    const scope = { companyId: world.company.id, assetId: world.assetA.id };
    const listing = await ctx.db.listing.create({ data: { ...scope, reference: `PF-${uniqueSuffix()}` } });
    const agent = await world.user([P.LISTINGS_VIEW]);
    const api = restAs(ctx, agent);
    const follow = async (runId: string) => {
      const until = Date.now() + 15_000;
      for (;;) {
        const res = await api.get(`properties/listings/sync-runs/${runId}`);
        expect(res.statusCode, res.body).toBe(200);
        const run = res.json().data;
        if (run.status === 'completed' || run.status === 'failed' || Date.now() > until) return run;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const done = await api.patch(`properties/listings/sync-now/${listing.id}`, {});
    expect(await follow(done.json().data.runId)).toMatchObject({
      provider: 'propertyfinder',
      kind: 'listings',
      status: 'completed',
      progress: { done: 1, total: 1 },
      error: null,
    });
    // The same listing again once that run ended (the list's bulk action of one): a new run, which also ends.
    const again = await api.post('properties/listings/sync-multiple-listings', { listings: [listing.id] });
    expect(again.json().data.runId).not.toBe(done.json().data.runId);
    expect(await follow(again.json().data.runId)).toMatchObject({ status: 'completed', progress: { done: 1, total: 1 } });
    // Property Finder refusing a listing that is due to go out: the run ends failed (not retried) and says why.
    const due = await ctx.db.listing.create({
      data: {
        ...scope,
        reference: `PF-${uniqueSuffix()}`,
        permitNumber: '7110002',
        permitStatus: 'valid',
        permitExpiresAt: new Date(Date.now() + 90 * DAY),
        status: 'Published',
        portals: ['Property Finder'],
      },
    });
    pf.failNext(403);
    const refused = await api.get(`properties/listings/sync-property-images/${due.id}`);
    const failed = await follow(refused.json().data.runId);
    expect(failed).toMatchObject({ kind: 'listing-images', status: 'failed', attempts: 1 });
    expect(failed.error).toContain('HTTP 403');
    const trpc = await ctx.app.inject({
      method: 'GET',
      url: `/trpc/listings.syncRun?input=${encodeURIComponent(JSON.stringify({ id: failed._id }))}`,
      headers: agent.headers,
    });
    expect(trpc.json().result.data.data).toMatchObject({ _id: failed._id, status: 'failed' });

    const elsewhere = restAs(ctx, await world.user([P.LISTINGS_VIEW], { assets: [world.assetB] }));
    expect((await elsewhere.get(`properties/listings/sync-runs/${failed._id}`)).statusCode).toBe(404);
    expect((await api.get('properties/listings/sync-runs/not-an-id')).statusCode).toBe(404);
    const outsider = restAs(ctx, await world.user([P.FAQS_VIEW]));
    expect((await outsider.get(`properties/listings/sync-runs/${failed._id}`)).statusCode).toBe(403);
  });
});
