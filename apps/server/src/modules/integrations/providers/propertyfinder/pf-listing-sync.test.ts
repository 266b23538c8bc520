import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS as P, PROPERTY_FINDER_PORTAL } from '@crm/domain';
import {
  PROPERTY_FINDER_FAKE_CREDENTIALS,
  PROPERTY_FINDER_FAKE_CREDENTIALS_2,
  startPropertyFinderFake,
  type PropertyFinderFake,
  type PropertyFinderFakeListing,
} from '../../../../../test/fakes/propertyfinder.fake.js';
import { uniqueSuffix } from '../../../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../../../test/test-app.js';
import { createWorld, restAs, type ResourceWorld } from '../../../../resources/resource-test-kit.js';
import { propertyFinderSignature } from '../../portal-webhook.js';
import { syncListingToPropertyFinder } from './pf-listing-sync.js';
import { syncQueueName } from '../../sync/provider-sync.job.js';

// Listings follow their writes to Property Finder, account by account (docs/api.md 'Property Finder accounts'), over
// real PostgreSQL, Redis and BullMQ workers against a local Property Finder with two clients: a published listing
// with a live permit goes to its agent's account (assigned to that agent's profile) or else the first account,
// published there only when the account publishes new listings; an unchanged listing is not sent again, a changed
// one is updated in place, a sold one unpublished; Property Finder's listing webhooks set the listing's portal
// status (a redelivery or an older event changes nothing).

const DAY = 24 * 60 * 60 * 1000;
const SECRET_A = 'pf-webhook-secret-account-a';
const SECRET_B = 'pf-webhook-secret-account-b';
let ctx: TestContext;
let pf: PropertyFinderFake;
let world: ResourceWorld;
let api: ReturnType<typeof restAs>;
let accountA: string;
let accountB: string;
let unmappedAgent: string;
let mappedAgent: string;

const integrations = (method: 'GET' | 'PATCH', path: string, payload?: object) =>
  ctx.app.inject({
    method,
    url: `/api/assets/${world.assetA.id}/integrations/${path}`,
    headers: world.admin.headers,
    ...(payload ? { payload } : {}),
  });

async function waitFor<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const PF_QUEUE = syncQueueName('propertyfinder');

/** Every queued listing sync has run (Property Finder's sync queue is empty). */
async function settled() {
  const queue = ctx.app.deps.jobs.queue(PF_QUEUE);
  await waitFor(
    async () => queue.getJobCounts('active', 'waiting', 'delayed', 'prioritized'),
    (counts) => Object.values(counts).every((count) => count === 0),
  );
}

const fakeListing = (reference: string) => [...pf.listings.values()].find((listing) => listing.body.reference === reference);

/** A listing published to Property Finder through the API (its permit checked valid behind it, as Trakheesi would). */
async function publishedListing(agent: string, extra: Record<string, unknown> = {}) {
  const created = await api.post('properties/listings', {
    reference: `PF-${uniqueSuffix()}`,
    title: 'Marina view',
    price: 1_200_000,
    permitNumber: '7110001',
    permitExpiresAt: new Date(Date.now() + 120 * DAY).toISOString(),
    agent,
    ...extra,
  });
  expect(created.statusCode, created.body).toBe(201);
  const listing = created.json().data as { _id: string; reference: string };
  await ctx.db.listing.update({ where: { id: listing._id }, data: { permitStatus: 'valid' } });
  const published = await api.patch(`properties/listings/${listing._id}`, { status: 'Published', portals: [PROPERTY_FINDER_PORTAL] });
  expect(published.statusCode, published.body).toBe(200);
  return listing;
}

async function deliver(account: string, secret: string, event: object) {
  const raw = JSON.stringify(event);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/integrations/propertyfinder/webhook/${account}`,
    headers: { 'content-type': 'application/json', 'x-signature': propertyFinderSignature(secret, raw) },
    payload: raw,
  });
}

beforeAll(async () => {
  pf = await startPropertyFinderFake();
  ctx = await createTestApp({
    envOverrides: {
      RUN_WORKERS: 'true',
      JOBS_CLOSE_TIMEOUT_MS: '500',
      INTEGRATION_BASE_URL_PROPERTYFINDER: pf.url,
      LISTING_SYNDICATION_DELAY_MS: '0',
      // A push whose first attempt fails on a loaded machine (a lock wait, a slow answer) is retried at once, not in 30 s.
      INTEGRATION_SYNC_BACKOFF_MS: '50',
    },
  });
  world = await createWorld(ctx);
  api = restAs(ctx, await world.user([P.LISTINGS_VIEW]));
  const member = async (name: string, email: string) =>
    (
      await ctx.db.teamMember.create({
        data: { companyId: world.company.id, assetId: world.assetA.id, name, email, enabled: true, isLeadProcessEnabled: true },
      })
    ).id;
  unmappedAgent = await member('Rania Aziz', 'rania@example.com');
  mappedAgent = await member('Karim Fares', 'karim@downtown.example.com');
  pf.users.push({
    client: 1,
    id: 'u-201',
    email: 'karim@downtown.example.com',
    firstName: 'Karim',
    lastName: 'Fares',
    publicProfile: { id: 'pp-201' },
  });

  const first = await integrations('PATCH', 'propertyfinder', {
    enabled: true,
    config: { label: 'Marina', publishByDefault: true },
    secrets: { ...PROPERTY_FINDER_FAKE_CREDENTIALS, webhookSecret: SECRET_A },
  });
  accountA = first.json().data._id;
  await integrations('PATCH', 'propertyfinder', {
    account: 'new',
    config: { label: 'Downtown', publishByDefault: false },
    secrets: { ...PROPERTY_FINDER_FAKE_CREDENTIALS_2, webhookSecret: SECRET_B },
  });
  accountB = (await integrations('GET', 'multi-apps/propertyfinder')).json().data[1]._id;
  // Both accounts set up (webhooks, members) before listings are written.
  const setUp = await waitFor(
    () => ctx.db.syncRun.count({ where: { accountId: { in: [accountA, accountB] }, status: 'completed' } }),
    (count) => count === 2,
    45_000,
  );
  expect(setUp).toBe(2);
});
afterAll(async () => {
  await ctx?.close();
  await pf?.close();
});

describe('listing pushes per account', () => {
  let marina: { _id: string; reference: string };
  let downtown: { _id: string; reference: string };
  let pushed: PropertyFinderFakeListing | undefined;

  it("sends an unmapped agent's listing to the first account and publishes it there", async () => {
    marina = await publishedListing(unmappedAgent);
    pushed = await waitFor(
      () => fakeListing(marina.reference),
      (listing) => listing?.state === 'published',
    );
    expect(pushed).toMatchObject({
      client: 0,
      state: 'published',
      body: { reference: marina.reference, price: 1_200_000, permitNumber: '7110001' },
    });
    expect(pushed?.body.assignedTo).toBeUndefined();
    await settled();
    const ref = await ctx.db.externalRef.findUniqueOrThrow({
      where: { accountId_entity_entityId: { accountId: accountA, entity: 'listing', entityId: marina._id } },
    });
    expect(ref).toMatchObject({ externalId: pushed?.id, state: 'published', error: null });
    expect(ref.payloadHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("sends a mapped agent's listing to that agent's account as a draft, assigned to the agent's profile", async () => {
    downtown = await publishedListing(mappedAgent);
    const draft = await waitFor(
      () => fakeListing(downtown.reference),
      (listing) => listing !== undefined,
    );
    expect(draft).toMatchObject({ client: 1, state: 'draft', body: { assignedTo: { id: 'pp-201' } } });
    await settled();
    expect(pf.requests.filter((r) => r.path === `/v1/listings/${draft?.id}/publish`)).toHaveLength(0);
    expect(await ctx.db.externalRef.count({ where: { accountId: accountA, entity: 'listing', entityId: downtown._id } })).toBe(0);
  });

  it('does not send an unchanged listing again, and updates a changed one in place', async () => {
    const before = pf.requests.length;
    expect((await api.patch(`properties/listings/${marina._id}`, { title: 'Marina view' })).statusCode).toBe(200);
    await settled();
    expect(pf.requests.slice(before).filter((r) => r.path.startsWith('/v1/listings'))).toEqual([]);
    expect((await api.patch(`properties/listings/${marina._id}`, { price: 1_150_000 })).statusCode).toBe(200);
    const updated = await waitFor(
      () => fakeListing(marina.reference),
      (listing) => listing?.writes === 2,
    );
    expect(updated).toMatchObject({ id: pushed?.id, writes: 2, body: { price: 1_150_000 } });
    expect([...pf.listings.values()].filter((listing) => listing.body.reference === marina.reference)).toHaveLength(1);
  });

  it('unpublishes a listing that is sold', async () => {
    expect((await api.patch(`properties/listings/${marina._id}`, { status: 'Sold' })).statusCode).toBe(200);
    expect(
      await waitFor(
        () => fakeListing(marina.reference)?.state,
        (state) => state === 'unpublished',
      ),
    ).toBe('unpublished');
    // Recorded once Property Finder has answered.
    const ref = await waitFor(
      () => ctx.db.externalRef.findFirstOrThrow({ where: { accountId: accountA, entityId: marina._id } }),
      (row) => row.state === 'withdrawn',
    );
    expect(ref).toMatchObject({ state: 'withdrawn', payloadHash: null });
  });
});

describe('a Property Finder that fails', () => {
  it('is reported on the listing and retried (5xx, timeout), never taken for a success', async () => {
    const queue = ctx.app.deps.jobs.queue(PF_QUEUE);
    await queue.pause();
    try {
      const listing = await publishedListing(unmappedAgent, { title: 'Creek view' });
      pf.failNext(503);
      const failed = syncListingToPropertyFinder(ctx.app.deps, world.assetA.id, listing._id);
      await expect(failed).rejects.toMatchObject({ name: 'ProviderCallError', status: 503, retryable: true });
      const ref = await ctx.db.externalRef.findFirstOrThrow({ where: { accountId: accountA, entityId: listing._id } });
      expect(ref).toMatchObject({ state: null, payloadHash: null });
      expect(ref.error).toContain('HTTP 503');
      expect(fakeListing(listing.reference)).toBeUndefined();
      pf.failNext('hang');
      await expect(syncListingToPropertyFinder(ctx.app.deps, world.assetA.id, listing._id)).rejects.toMatchObject({ retryable: true });
      // The retry sends it.
      expect(await syncListingToPropertyFinder(ctx.app.deps, world.assetA.id, listing._id)).toContain('created');
      expect(fakeListing(listing.reference)).toMatchObject({ state: 'published' });
      expect(await ctx.db.externalRef.findFirstOrThrow({ where: { accountId: accountA, entityId: listing._id } })).toMatchObject({
        state: 'published',
        error: null,
      });
    } finally {
      await queue.resume();
    }
  }, 30_000);
});

describe("Property Finder's listing webhooks", () => {
  it("set the listing's portal status; a redelivery, an older event or a bad signature change nothing", async () => {
    const listing = await publishedListing(mappedAgent);
    const draft = await waitFor(
      () => fakeListing(listing.reference),
      (found) => found !== undefined,
    );
    // Our record of the push (Property Finder's id) is written once Property Finder has answered.
    await waitFor(
      () => ctx.db.externalRef.count({ where: { accountId: accountB, entityId: listing._id, state: 'draft' } }),
      (count) => count === 1,
    );
    const at = '2026-12-01T10:00:00.000Z';
    const event = { id: `evt-${uniqueSuffix()}`, type: 'listing.published', timestamp: at, entity: { id: draft?.id, type: 'listing' } };
    const first = await deliver(accountB, SECRET_B, event);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ data: { received: true, duplicate: false } });
    const read = async () => (await api.get(`properties/listings/${listing._id}`)).json().data.portalStatus;
    expect(await read()).toEqual({ [PROPERTY_FINDER_PORTAL]: { state: 'published', at } });
    expect((await deliver(accountB, SECRET_B, event)).json()).toEqual({ data: { received: true, duplicate: true } });
    // An unpublish older than what is stored arrived late: kept, not applied.
    const late = {
      id: `evt-${uniqueSuffix()}`,
      type: 'listing.unpublished',
      timestamp: '2026-11-30T10:00:00.000Z',
      payload: { reference: listing.reference },
    };
    expect((await deliver(accountB, SECRET_B, late)).statusCode).toBe(200);
    expect(await read()).toEqual({ [PROPERTY_FINDER_PORTAL]: { state: 'published', at } });
    // Signed with the other account's secret: refused.
    const forged = { ...event, id: `evt-${uniqueSuffix()}`, type: 'listing.unpublished', timestamp: '2026-12-02T00:00:00.000Z' };
    expect((await deliver(accountB, SECRET_A, forged)).statusCode).toBe(401);
    const later = { ...forged, id: `evt-${uniqueSuffix()}` };
    expect((await deliver(accountB, SECRET_B, later)).statusCode).toBe(200);
    expect(await read()).toEqual({ [PROPERTY_FINDER_PORTAL]: { state: 'unpublished', at: '2026-12-02T00:00:00.000Z' } });
    // The listing's history shows the change, by no user.
    const history = await ctx.db.activityLog.findMany({ where: { subjectId: listing._id, userId: null } });
    expect(history.length).toBeGreaterThanOrEqual(2);
  });
});
