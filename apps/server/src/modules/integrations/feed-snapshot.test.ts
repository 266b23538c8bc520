import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS as P, ROLE_CODES } from '@crm/domain';
import { createPartnerFeedClient } from '../../../test/fakes/partner-feed.fake.js';
import { uniqueSuffix } from '../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createWorld, restAs, type ResourceWorld } from '../../resources/resource-test-kit.js';
import { movingClock } from '../leads/testing.js';
import { storageBackendFor } from '../storage/index.js';
import { buildFeedSnapshot } from './feed-snapshot.js';

// A partner pulls its signed feed over HTTP (docs/api.md 'Listing feeds'), over real PostgreSQL, Redis and BullMQ
// workers: it gets only the listings its filter and the permit rule let through, gzipped, with an ETag; a repeat with
// If-None-Match is a 304 and builds nothing; a listing write rebuilds the snapshot after the debounce (a new ETag);
// a permit that runs out takes its listing out at the next pull, with no write at all.

const DAY = 24 * 60 * 60 * 1000;
const clock = movingClock();
let ctx: TestContext;
let world: ResourceWorld;
let api: ReturnType<typeof restAs>;
let feedUrl: string;
let integrationId: string;
const refs: Record<'abuDhabiSale' | 'dubaiSale' | 'dubaiNoPermit' | 'rent' | 'draft', string> = {
  abuDhabiSale: `AD-${uniqueSuffix()}`,
  dubaiSale: `DXB-${uniqueSuffix()}`,
  dubaiNoPermit: `DXB-NP-${uniqueSuffix()}`,
  rent: `RENT-${uniqueSuffix()}`,
  draft: `DRAFT-${uniqueSuffix()}`,
};

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The size of the document stored under `key`, or null when there is none. */
async function storedBytes(key: string): Promise<number | null> {
  const stream = await storageBackendFor(ctx.app.deps.env).open(key);
  if (!stream) return null;
  let bytes = 0;
  for await (const chunk of stream) bytes += (chunk as Buffer).length;
  return bytes;
}

const referencesIn = (body: string) => (JSON.parse(body) as { reference: string }[]).map((listing) => listing.reference).sort();

beforeAll(async () => {
  ctx = await createTestApp({
    clock,
    envOverrides: { RUN_WORKERS: 'true', JOBS_CLOSE_TIMEOUT_MS: '500', LISTING_SYNDICATION_DELAY_MS: '300' },
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = ctx.app.server.address() as AddressInfo;
  world = await createWorld(ctx);
  api = restAs(ctx, await world.user([P.LISTINGS_VIEW]));
  const scope = { companyId: world.company.id, assetId: world.assetA.id };
  const listing = (reference: string, data: Record<string, unknown>) =>
    ctx.db.listing.create({ data: { ...scope, reference, status: 'Published', leadType: 'Sale', ...data } });
  await listing(refs.abuDhabiSale, { city: 'Abu Dhabi' });
  await listing(refs.dubaiSale, {
    city: 'Dubai',
    permitNumber: '7110001',
    permitStatus: 'valid',
    // Ends within the day: the snapshot is stale from then on (else it is rebuilt daily anyway).
    permitExpiresAt: new Date(clock.now().getTime() + DAY / 2),
  });
  await listing(refs.dubaiNoPermit, { city: 'Dubai', permitNumber: '7110002' });
  await listing(refs.rent, { city: 'Abu Dhabi', leadType: 'Rent' });
  await listing(refs.draft, { city: 'Abu Dhabi', status: 'Draft' });
  const saved = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/assets/${world.assetA.id}/integrations/astra`,
    headers: world.admin.headers,
    payload: {
      enabled: true,
      config: { partnerName: 'Astra Realty', feedFormat: 'json', listingFilter: 'sale' },
      secrets: { sharedSecret: 'astra-feed-secret-000001' },
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  integrationId = saved.json().data._id;
  const [url] = saved.json().data.feedUrls as string[];
  feedUrl = `http://127.0.0.1:${port}${new URL(url ?? '').pathname}`;
});
afterAll(async () => ctx?.close());

describe('a partner pulling its feed', () => {
  const partner = () => createPartnerFeedClient(feedUrl);
  let client: ReturnType<typeof partner>;

  it('gets only the eligible listings, gzipped, with an ETag', async () => {
    client = partner();
    const first = await client.pull();
    expect(first.status, first.body).toBe(200);
    expect(first.encoding).toBe('gzip');
    expect(first.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(referencesIn(first.body)).toEqual([refs.abuDhabiSale, refs.dubaiSale].sort());
    // Without gzip: the same document.
    const plain = await client.pull({ conditional: false, gzip: false });
    expect(plain).toMatchObject({ status: 200, encoding: null, etag: first.etag });
    expect(plain.body).toBe(first.body);
  });

  it('gets a 304 for a repeat with If-None-Match, and nothing is rebuilt for it', async () => {
    const built = await ctx.db.feedSnapshot.findUniqueOrThrow({ where: { integrationId } });
    const again = await client.pull();
    expect(again).toMatchObject({ status: 304, body: '', etag: built.etag });
    expect((await ctx.db.feedSnapshot.findUniqueOrThrow({ where: { integrationId } })).builtAt).toEqual(built.builtAt);
    // A wrong signature still learns nothing.
    const forged = feedUrl.replace(
      /([0-9a-f-]{36})\.([A-Za-z0-9_-])/,
      (_m, asset: string, c: string) => `${asset}.${c === 'A' ? 'B' : 'A'}`,
    );
    expect(forged).not.toBe(feedUrl);
    const wrong = await createPartnerFeedClient(forged).pull();
    expect(wrong.status).toBe(404);
  });

  it('gets the new feed after a listing write (rebuilt once, after the debounce)', async () => {
    const before = await ctx.db.feedSnapshot.findUniqueOrThrow({ where: { integrationId } });
    const rent = await ctx.db.listing.findFirstOrThrow({ where: { reference: refs.rent } });
    // The rent listing becomes a sale: it now belongs in a sales feed.
    const changed = await api.patch(`properties/listings/${rent.id}`, { leadType: 'Sale' });
    expect(changed.statusCode, changed.body).toBe(200);
    clock.advanceMinutes(1);
    const rebuilt = await waitFor(
      () => ctx.db.feedSnapshot.findUniqueOrThrow({ where: { integrationId } }),
      (snapshot) => snapshot.etag !== before.etag,
    );
    expect(rebuilt.listings).toBe(3);
    // The document lives in the storage backend under a new key; the previous one is gone with its snapshot.
    expect(rebuilt.storageKey).not.toBe(before.storageKey);
    expect(await storedBytes(rebuilt.storageKey)).toBe(rebuilt.gzipBytes);
    // Removed once the row points at the new one (the job goes on to it after the row is written).
    expect(
      await waitFor(
        () => storedBytes(before.storageKey),
        (bytes) => bytes === null,
      ),
    ).toBeNull();
    const next = await client.pull();
    expect(next.status).toBe(200);
    expect(next.etag).toBe(rebuilt.etag);
    expect(referencesIn(next.body)).toEqual([refs.abuDhabiSale, refs.dubaiSale, refs.rent].sort());
    expect((await client.pull()).status).toBe(304);
  });

  it('drops a listing whose permit ran out at the next pull, with no write', async () => {
    const snapshot = await ctx.db.feedSnapshot.findUniqueOrThrow({ where: { integrationId } });
    const dubai = await ctx.db.listing.findFirstOrThrow({ where: { reference: refs.dubaiSale } });
    expect(snapshot.staleAt).toEqual(dubai.permitExpiresAt);
    clock.set(new Date((dubai.permitExpiresAt?.getTime() ?? 0) + 60_000));
    const after = await client.pull();
    expect(after.status).toBe(200);
    expect(referencesIn(after.body)).toEqual([refs.abuDhabiSale, refs.rent].sort());
  });

  it('is served even when its stored document went missing (rebuilt on the pull)', async () => {
    const snapshot = await ctx.db.feedSnapshot.findUniqueOrThrow({ where: { integrationId } });
    await storageBackendFor(ctx.app.deps.env).remove(snapshot.storageKey);
    const pulled = await client.pull({ conditional: false });
    expect(pulled.status, pulled.body).toBe(200);
    expect(referencesIn(pulled.body)).toEqual([refs.abuDhabiSale, refs.rent].sort());
    const rebuilt = await ctx.db.feedSnapshot.findUniqueOrThrow({ where: { integrationId } });
    expect(await storedBytes(rebuilt.storageKey)).toBe(rebuilt.gzipBytes);
  });

  it('keeps one document in storage when two builds run at once', async () => {
    const row = await ctx.db.integrationConfig.findUniqueOrThrow({ where: { id: integrationId } });
    const before = await ctx.db.feedSnapshot.findUniqueOrThrow({ where: { integrationId } });
    const builds = await Promise.all([buildFeedSnapshot(ctx.app.deps, row), buildFeedSnapshot(ctx.app.deps, row)]);
    const kept = await ctx.db.feedSnapshot.findUniqueOrThrow({ where: { integrationId } });
    expect(builds.map((build) => build.storageKey)).toContain(kept.storageKey);
    expect(await storedBytes(kept.storageKey)).toBe(kept.gzipBytes);
    // The one replaced, and the one before both: removed.
    for (const key of [before.storageKey, ...builds.map((build) => build.storageKey).filter((key) => key !== kept.storageKey)])
      expect(await storedBytes(key)).toBeNull();
  });

  it('drops the snapshot and its document when the feed settings change', async () => {
    const snapshot = await ctx.db.feedSnapshot.findUniqueOrThrow({ where: { integrationId } });
    // Signed in now: the clock has moved past the first sign-in's token.
    const admin = await world.user([], { assets: [world.assetA], roleCode: ROLE_CODES.SUPER_ADMIN });
    const saved = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/assets/${world.assetA.id}/integrations/astra`,
      headers: admin.headers,
      payload: { config: { partnerName: 'Astra Realty', feedFormat: 'json', listingFilter: 'all' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await storedBytes(snapshot.storageKey)).toBeNull();
  });
});
