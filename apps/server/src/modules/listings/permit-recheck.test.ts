import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffNotificationText } from '@crm/domain';
import type { FakeProvider } from '../../../test/fakes/fake-http.js';
import {
  PROPERTY_FINDER_FAKE_CREDENTIALS,
  startPropertyFinderFake,
  type PropertyFinderFake,
} from '../../../test/fakes/propertyfinder.fake.js';
import { startTrakheesiFake, TRAKHEESI_FAKE_CREDENTIALS, type FakePermit } from '../../../test/fakes/trakheesi.fake.js';
import { uniqueSuffix } from '../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createWorld, type ResourceWorld } from '../../resources/resource-test-kit.js';
import { syncListingToPropertyFinder } from '../integrations/index.js';
import { listNotifications } from '../notifications/index.js';
import { recheckPermits } from './permit-recheck.job.js';

// The daily permit re-check with a fixed clock (docs/api.md 'Listing feeds and permits'), over real PostgreSQL,
// Redis and BullMQ workers, Trakheesi and Property Finder local fakes: permits valid and ending within 30 days are
// asked about again; one found expired or invalid takes its listing out of the Bayut feed and off Property Finder
// and tells its agent once; a renewed one is kept with its new expiry; one further out is not asked; an asset
// without Trakheesi goes by the expiry; a Trakheesi that fails leaves the listing for the next day.

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-12-10T06:00:00.000Z');
const at = (days: number) => new Date(NOW.getTime() + days * DAY);
const permits = new Map<string, FakePermit>([
  ['P-RENEWED', { status: 'valid', expiresAt: at(200).toISOString() }],
  ['P-EXPIRED', { status: 'expired', expiresAt: at(-1).toISOString() }],
  ['P-FLAKY', { status: 'valid', expiresAt: at(300).toISOString() }],
]);

let ctx: TestContext;
let trakheesi: FakeProvider;
let pf: PropertyFinderFake;
let world: ResourceWorld;
let agentUserId: string;
let agentId: string;
let feedPath: string;
const ids: Record<string, string> = {};
const references: Record<string, string> = {};

async function waitFor<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const feed = async () => (await ctx.app.inject({ method: 'GET', url: feedPath })).body;

beforeAll(async () => {
  trakheesi = await startTrakheesiFake(permits);
  pf = await startPropertyFinderFake();
  ctx = await createTestApp({
    clock: { now: () => NOW },
    envOverrides: {
      RUN_WORKERS: 'true',
      JOBS_CLOSE_TIMEOUT_MS: '500',
      INTEGRATION_BASE_URL_TRAKHEESI: trakheesi.url,
      INTEGRATION_BASE_URL_PROPERTYFINDER: pf.url,
      LISTING_SYNDICATION_DELAY_MS: '0',
    },
  });
  world = await createWorld(ctx);
  const agent = await world.user([]);
  agentUserId = agent.userId;
  const member = await ctx.db.teamMember.create({
    data: { companyId: world.company.id, assetId: world.assetA.id, userId: agentUserId, name: 'Agent Amal', enabled: true },
  });
  agentId = member.id;
  const otherAgent = await ctx.db.teamMember.create({
    data: { companyId: world.company.id, assetId: world.assetB.id, userId: agentUserId, name: 'Agent Amal (B)', enabled: true },
  });
  // The listings first: written behind the API, they reach the feed when it is first built.
  const listing = async (key: string, asset: string, permitNumber: string, expires: Date, agent: string) => {
    references[key] = `${key}-${uniqueSuffix()}`;
    const row = await ctx.db.listing.create({
      data: {
        companyId: world.company.id,
        assetId: asset,
        reference: references[key] ?? '',
        agentId: agent,
        city: 'Dubai',
        status: 'Published',
        portals: ['Bayut', 'Property Finder'],
        permitNumber,
        permitStatus: 'valid',
        permitExpiresAt: expires,
      },
    });
    ids[key] = row.id;
  };
  await listing('renewed', world.assetA.id, 'P-RENEWED', at(10), agentId);
  await listing('expired', world.assetA.id, 'P-EXPIRED', at(20), agentId);
  await listing('unknown', world.assetA.id, 'P-UNKNOWN', at(5), agentId);
  await listing('later', world.assetA.id, 'P-LATER', at(40), agentId);
  await listing('flaky', world.assetA.id, 'P-FLAKY', at(3), agentId);
  await listing('lapsed', world.assetB.id, 'P-LAPSED', new Date(NOW.getTime() - 60 * 60 * 1000), otherAgent.id);
  await listing('noTrakheesi', world.assetB.id, 'P-B', at(5), otherAgent.id);
  const save = (asset: string, name: string, payload: object) =>
    ctx.app.inject({ method: 'PATCH', url: `/api/assets/${asset}/integrations/${name}`, headers: world.admin.headers, payload });
  await save(world.assetA.id, 'trakheesi', { enabled: true, config: { orn: '12345', mode: 'api' }, secrets: TRAKHEESI_FAKE_CREDENTIALS });
  const bayut = await save(world.assetA.id, 'bayut', {
    enabled: true,
    config: { agencyId: 'A-1', feedEnabled: true },
    secrets: { leadSecret: 'bayut-lead-secret-0001', feedSecret: 'bayut-feed-secret-0001' },
  });
  feedPath = new URL(bayut.json().data.feedUrls[0]).pathname;
  await save(world.assetA.id, 'propertyfinder', {
    enabled: true,
    config: { label: 'Marina', publishByDefault: true },
    secrets: { ...PROPERTY_FINDER_FAKE_CREDENTIALS, webhookSecret: 'pf-webhook-secret-0001' },
  });

  // Already on Property Finder (pushed before the re-check).
  await syncListingToPropertyFinder(ctx.app.deps, world.assetA.id, ids.expired ?? '');
});
afterAll(async () => {
  await ctx?.close();
  await trakheesi?.close();
  await pf?.close();
});

describe('the daily permit re-check', () => {
  it('withdraws the listings whose permit is no longer valid, and keeps a renewed one', async () => {
    const before = await feed();
    expect(before).toContain(references.expired);
    const onPf = [...pf.listings.values()].find((l) => l.body.reference === references.expired);
    expect(onPf?.state).toBe('published');

    const result = await recheckPermits(ctx.app.deps);
    expect(result).toEqual({ checked: 6, withdrawn: 3 });
    const asked = trakheesi.requests.map((r) => decodeURIComponent(r.path.split('?')[0]?.slice('/v1/permits/'.length) ?? ''));
    expect(asked.sort()).toEqual(['P-EXPIRED', 'P-FLAKY', 'P-RENEWED', 'P-UNKNOWN']);

    const row = (key: string) => ctx.db.listing.findUniqueOrThrow({ where: { id: ids[key] ?? '' } });
    expect(await row('renewed')).toMatchObject({ permitStatus: 'valid', permitExpiresAt: at(200), permitCheckedAt: NOW });
    expect(await row('expired')).toMatchObject({ permitStatus: 'expired', permitCheckedAt: NOW, status: 'Published' });
    expect(await row('unknown')).toMatchObject({ permitStatus: 'invalid' });
    expect(await row('later')).toMatchObject({ permitStatus: 'valid', permitCheckedAt: null });
    expect(await row('lapsed')).toMatchObject({ permitStatus: 'expired', permitCheckedAt: null });
    expect(await row('noTrakheesi')).toMatchObject({ permitStatus: 'valid', permitCheckedAt: null });

    // Off the Bayut feed and off Property Finder.
    const after = await waitFor(feed, (body) => !body.includes(references.expired ?? ''));
    expect(after).not.toContain(references.expired);
    expect(after).not.toContain(references.unknown);
    expect(after).toContain(references.renewed);
    expect(
      await waitFor(
        () => onPf?.state,
        (state) => state === 'unpublished',
      ),
    ).toBe('unpublished');
  });

  it('tells the agent once per permit, with the listing in the bell', async () => {
    const rows = await ctx.db.staffNotification.findMany({ where: { userId: agentUserId, kind: 'permitExpired' } });
    expect(rows.map((r) => r.listingId).sort()).toEqual([ids.expired, ids.unknown, ids.lapsed].sort());
    const bell = await listNotifications(ctx.app.deps, { userId: agentUserId } as Parameters<typeof listNotifications>[1]);
    const expired = bell.data.find((n) => n.listing === ids.expired);
    expect(expired).toMatchObject({ kind: 'permitExpired', listingReference: references.expired, lead: null });
    expect(expired?.text).toBe(staffNotificationText('permitExpired', references.expired ?? ''));
    // A second run the same day changes nothing and tells nobody again.
    expect(await recheckPermits(ctx.app.deps)).toEqual({ checked: 1, withdrawn: 0 });
    expect(await ctx.db.staffNotification.count({ where: { userId: agentUserId, kind: 'permitExpired' } })).toBe(3);
  });

  it('leaves a listing whose check failed for the next day', async () => {
    await ctx.db.listing.update({ where: { id: ids.flaky ?? '' }, data: { permitExpiresAt: at(3), permitCheckedAt: null } });
    trakheesi.failNext(503);
    const result = await recheckPermits(ctx.app.deps);
    expect(result.withdrawn).toBe(0);
    expect(await ctx.db.listing.findUniqueOrThrow({ where: { id: ids.flaky ?? '' } })).toMatchObject({
      permitStatus: 'valid',
      permitCheckedAt: null,
    });
  });
});
