import { PERMISSIONS as P, SYNDICATION_MESSAGES } from '@crm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeProvider } from '../../../test/fakes/fake-http.js';
import { startTrakheesiFake, TRAKHEESI_FAKE_CREDENTIALS, type FakePermit } from '../../../test/fakes/trakheesi.fake.js';
import { uniqueSuffix } from '../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createWorld, restAs, type ResourceWorld } from '../../resources/resource-test-kit.js';

// Syndication against a local Trakheesi: the permit check stores its answer on the listing and the project, a
// Dubai portal refuses a listing without a live permit, and the signed Bayut feed carries only listings published
// to Bayut with a valid, unexpired permit; a wrong or retired signature is 404.

const DAY = 24 * 60 * 60 * 1000;
const future = new Date(Date.now() + 200 * DAY).toISOString();
const permits = new Map<string, FakePermit>([
  ['7110001', { status: 'valid', expiresAt: future }],
  ['7110002', { status: 'expired', expiresAt: new Date(Date.now() - DAY).toISOString() }],
]);

let ctx: TestContext;
let world: ResourceWorld;
let trakheesi: FakeProvider;
let api: ReturnType<typeof restAs>;

const integration = (name: string, body?: object) =>
  ctx.app.inject({
    method: body ? 'PATCH' : 'GET',
    url: `/api/assets/${world.assetA.id}/integrations/${name}`,
    headers: world.admin.headers,
    ...(body ? { payload: body } : {}),
  });

const configureTrakheesi = async () => {
  const saved = await integration('trakheesi', {
    enabled: true,
    config: { orn: '12345', mode: 'api' },
    secrets: TRAKHEESI_FAKE_CREDENTIALS,
  });
  expect(saved.statusCode, saved.body).toBe(200);
};

const listing = async (data: Record<string, unknown>) => {
  const res = await api.post('properties/listings', { reference: `S-${uniqueSuffix()}`, status: 'Draft', ...data });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { _id: string; reference: string };
};
const publish = (id: string, portals: string[]) => api.patch(`properties/listings/${id}`, { status: 'Published', portals });

beforeAll(async () => {
  trakheesi = await startTrakheesiFake(permits);
  ctx = await createTestApp({ envOverrides: { INTEGRATION_BASE_URL_TRAKHEESI: trakheesi.url } });
  world = await createWorld(ctx);
  api = restAs(ctx, await world.user([P.LISTINGS_VIEW, P.PROJECTS_VIEW]));
});
afterAll(async () => {
  await ctx?.close();
  await trakheesi?.close();
});

describe('the Trakheesi permit check', () => {
  it('answers the guard’s 409 while Trakheesi is not configured', async () => {
    const { _id } = await listing({ permitNumber: '7110001', permitExpiresAt: future });
    const res = await api.get(`properties/listings/trakheesi/${_id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ data: { provider: 'trakheesi', reason: 'NOT_CONFIGURED' } });
  });

  it('asks Trakheesi and stores status, expiry and when it was checked on the listing and the project', async () => {
    await configureTrakheesi();
    const good = await listing({ permitNumber: '7110001', permitExpiresAt: new Date(Date.now() + 10 * DAY).toISOString() });
    const res = await api.get(`properties/listings/trakheesi/${good._id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ permitNumber: '7110001', valid: true, status: 'valid', expiresAt: future });
    expect(trakheesi.requests.at(-1)?.path).toBe('/v1/permits/7110001?orn=12345');
    const stored = await ctx.db.listing.findUniqueOrThrow({ where: { id: good._id } });
    expect(stored).toMatchObject({ permitStatus: 'valid', permitExpiresAt: new Date(future) });
    expect(stored.permitCheckedAt).toBeInstanceOf(Date);
    expect((await api.get(`properties/listings/${good._id}`)).json().data).toMatchObject({ permitStatus: 'valid' });
    // The check is in the listing's history: what it changed, by whom.
    const history = await ctx.db.activityLog.findMany({
      where: { subjectType: 'listings', subjectId: good._id },
      orderBy: { createdAt: 'asc' },
    });
    expect(history.map((row) => row.action)).toEqual(['create', 'update']);
    expect(history[1]?.changes).toMatchObject({
      before: { permitStatus: 'unchecked', permitCheckedAt: null },
      after: { permitStatus: 'valid' },
    });

    const unknown = await listing({ permitNumber: '7119999', permitExpiresAt: future });
    expect((await api.get(`properties/listings/trakheesi/${unknown._id}`)).json().data).toMatchObject({ valid: false, status: 'invalid' });
    const expired = await listing({ permitNumber: '7110002', permitExpiresAt: future });
    expect((await api.get(`properties/listings/trakheesi/${expired._id}`)).json().data).toMatchObject({ status: 'expired' });
    expect(await ctx.db.listing.findUniqueOrThrow({ where: { id: expired._id } })).toMatchObject({ permitStatus: 'expired' });

    const project = await api.post('properties/projects', { name: 'Marina', slug: `marina-${uniqueSuffix()}` });
    expect(project.statusCode, project.body).toBe(201);
    const checked = await api.get(`properties/projects/trakheesi/${project.json().data._id}/7110001`);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json().data).toMatchObject({ permit: '7110001', valid: true, status: 'valid', expiresAt: future });
    expect(await ctx.db.project.findUniqueOrThrow({ where: { id: project.json().data._id } })).toMatchObject({
      permitNumber: '7110001',
      permitStatus: 'valid',
    });
    const projectHistory = await ctx.db.activityLog.findMany({ where: { subjectType: 'projects', subjectId: project.json().data._id } });
    expect(projectHistory.map((row) => [row.action, row.changes])).toContainEqual([
      'update',
      expect.objectContaining({ after: expect.objectContaining({ permitNumber: '7110001', permitStatus: 'valid' }) }),
    ]);
  });
});

describe('publishing to a Dubai portal', () => {
  it('is refused without a valid permit, allowed once checked, and a changed permit must be checked again', async () => {
    await configureTrakheesi();
    const draft = await listing({ permitNumber: '7110001', permitExpiresAt: future });
    const refused = await publish(draft._id, ['Bayut']);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: SYNDICATION_MESSAGES.permitNeeded(['Bayut']) });
    expect((await publish(draft._id, ['Website'])).statusCode).toBe(200);
    expect((await api.get(`properties/listings/trakheesi/${draft._id}`)).statusCode).toBe(200);
    expect((await publish(draft._id, ['Bayut', 'Website'])).statusCode).toBe(200);
    const changed = await api.patch(`properties/listings/${draft._id}`, { permitNumber: '7110002' });
    expect(changed.statusCode).toBe(400);
    expect(
      (await api.post('properties/listings', { reference: `S-${uniqueSuffix()}`, status: 'Published', portals: ['Dubizzle'] })).statusCode,
    ).toBe(400);
  });
});

describe('the signed Bayut feed', () => {
  it('carries only listings published to Bayut with a valid, unexpired permit; a wrong or retired signature is 404', async () => {
    await configureTrakheesi();
    const inFeed = await listing({ permitNumber: '7110001', permitExpiresAt: future, title: 'Sea <view> & pool', price: 2_500_000 });
    await api.get(`properties/listings/trakheesi/${inFeed._id}`);
    expect((await publish(inFeed._id, ['Bayut'])).statusCode).toBe(200);
    const elsewhere = await listing({ permitNumber: '7110001', permitExpiresAt: future });
    await api.get(`properties/listings/trakheesi/${elsewhere._id}`);
    await publish(elsewhere._id, ['Property Finder']);
    const lapsed = await listing({ permitNumber: '7110001', permitExpiresAt: future });
    await api.get(`properties/listings/trakheesi/${lapsed._id}`);
    await publish(lapsed._id, ['Bayut']);
    // The permit ran out after publishing, and another listing's permit was never valid (written behind the API).
    await ctx.db.listing.update({ where: { id: lapsed._id }, data: { permitExpiresAt: new Date(Date.now() - DAY) } });
    const unchecked = await listing({});
    await ctx.db.listing.update({ where: { id: unchecked._id }, data: { status: 'Published', portals: ['Bayut'] } });

    expect((await integration('bayut')).json().data.feedUrls).toEqual([]);
    const saved = await integration('bayut', {
      enabled: true,
      config: { agencyId: 'A-1', feedEnabled: true },
      secrets: { feedSecret: 'feed-secret-0000000001' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [url] = saved.json().data.feedUrls as string[];
    expect(url).toMatch(new RegExp(`/api/feeds/bayut/${world.assetA.id}\\.[A-Za-z0-9_-]{43}\\.xml$`));
    const path = new URL(url ?? '').pathname;

    const feed = await ctx.app.inject({ method: 'GET', url: path });
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.headers['content-type']).toContain('application/xml');
    const xml = feed.body;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\s*<Properties>/);
    expect(xml).toContain(`<Property_Ref_No><![CDATA[${inFeed.reference}]]></Property_Ref_No>`);
    expect(xml).toContain('<Permit_Number><![CDATA[7110001]]></Permit_Number>');
    expect(xml).toContain('<Property_Title><![CDATA[Sea <view> & pool]]></Property_Title>');
    expect(xml).toContain('<Price>2500000</Price>');
    expect(xml).toMatch(/<Portals>\s*<Portal>Bayut<\/Portal>\s*<\/Portals>/);
    for (const other of [elsewhere, lapsed, unchecked]) expect(xml).not.toContain(other.reference);

    const wrong = path.replace(
      /\.([A-Za-z0-9_-])([A-Za-z0-9_-]{42})\.xml$/,
      (_m, first: string, rest: string) => `.${first === 'A' ? 'B' : 'A'}${rest}.xml`,
    );
    expect((await ctx.app.inject({ method: 'GET', url: wrong })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: path.replace('/bayut/', '/dubizzle/') })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/feeds/bayut/${world.assetA.id}.xml` })).statusCode).toBe(404);

    // A new secret retires the old address; the new one answers.
    const rotated = await integration('bayut', { secrets: { feedSecret: 'feed-secret-0000000002' } });
    expect((await ctx.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    const next = new URL(rotated.json().data.feedUrls[0]).pathname;
    expect(next).not.toBe(path);
    expect((await ctx.app.inject({ method: 'GET', url: next })).statusCode).toBe(200);
  });
});
