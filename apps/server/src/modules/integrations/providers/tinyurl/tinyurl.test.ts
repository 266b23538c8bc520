import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeProvider } from '../../../../../test/fakes/fake-http.js';
import { jsonBody } from '../../../../../test/fakes/fake-http.js';
import { startTinyUrlFake, TINYURL_FAKE_TOKEN } from '../../../../../test/fakes/tinyurl.fake.js';
import { createTestApp, type TestContext } from '../../../../../test/test-app.js';
import { createLeadWorld, leadPayload, type LeadWorld } from '../../../leads/testing.js';
import { assetApi, superAdminOf } from '../provider-test-kit.js';

// TinyURL against a local fake: the connection test, a listing's short link (its website address, stored on the
// listing and answered by the listing), a lead's tracking link shortened and stored, and a 5xx answered 503 with
// nothing stored.

let ctx: TestContext;
let tiny: FakeProvider;
let world: LeadWorld;
let admin: { authorization: string };
let api: ReturnType<typeof assetApi>;

const post = (url: string, headers = admin) => ctx.app.inject({ method: 'POST', url, headers });

beforeAll(async () => {
  tiny = await startTinyUrlFake();
  ctx = await createTestApp({ envOverrides: { INTEGRATION_BASE_URL_TINYURL: tiny.url, APP_URL: 'https://crm.acme.example' } });
  world = await createLeadWorld(ctx);
  admin = await superAdminOf(ctx, world);
  api = assetApi(ctx, world, admin);
});
afterAll(async () => {
  await ctx?.close();
  await tiny?.close();
});

describe('TinyURL', () => {
  it('answers 409 before it is configured, then tests the token', async () => {
    const res = await post(`/api/properties/listings/${world.listing.id}/short-link`);
    expect(res.statusCode).toBe(409);
    expect(res.json().data).toEqual({ provider: 'tinyurl', reason: 'NOT_CONFIGURED' });
    await api('PATCH', 'integrations/tinyurl', { enabled: true, config: {}, secrets: { apiToken: TINYURL_FAKE_TOKEN } });
    const ok = await api('POST', 'integrations/tinyurl/test');
    expect(ok.json().data).toMatchObject({ ok: true });
    expect(tiny.requests.at(-1)).toMatchObject({ method: 'GET', path: '/urls/available' });
  });

  it("shortens a listing's page address and keeps the link on the listing", async () => {
    const res = await post(`/api/properties/listings/${world.listing.id}/short-link`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      shortUrl: 'https://tinyurl.com/crm1',
      longUrl: `https://crm.acme.example/properties/listings/${world.listing.id}`,
    });
    expect(tiny.requests.at(-1)?.headers.authorization).toBe(`Bearer ${TINYURL_FAKE_TOKEN}`);
    const listing = await ctx.app.inject({ method: 'GET', url: `/api/properties/listings/${world.listing.id}`, headers: admin });
    expect(listing.json().data.shortUrl).toBe('https://tinyurl.com/crm1');
  });

  it("uses the asset's website and branded domain when set", async () => {
    const settings = {
      basic: { companyName: 'Acme', website: 'https://www.acme-realty.example/', languages: ['en'], defaultLanguage: 'en' },
    };
    await ctx.db.asset.update({ where: { id: world.asset.id }, data: { settings } });
    await api('PATCH', 'integrations/tinyurl', { config: { domain: 'go.acme.example' } });
    const res = await post(`/api/properties/listings/${world.listing.id}/short-link`);
    const reference = (await ctx.db.listing.findUniqueOrThrow({ where: { id: world.listing.id } })).reference;
    expect(jsonBody(tiny.requests.at(-1) ?? { method: '', path: '', headers: {}, body: '' })).toEqual({
      url: `https://www.acme-realty.example/listings/${reference}`,
      domain: 'go.acme.example',
    });
    expect(res.json().data.shortUrl).toBe('https://go.acme.example/crm2');
  });

  it("shortens a lead's tracking link, and refuses a lead without one", async () => {
    const customer = await world.customer();
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/properties/leads/create',
      headers: await world.manager.headers(),
      payload: leadPayload(world, customer.id),
    });
    const leadId = created.json().data._id as string;
    const none = await post(`/api/properties/leads/${leadId}/short-link`);
    expect(none.statusCode).toBe(400);
    expect(none.json().data).toEqual({ trackingLink: ['This lead has no tracking link to shorten.'] });
    await ctx.db.lead.update({ where: { id: leadId }, data: { trackingLink: 'https://www.acme-realty.example/t/abc123' } });
    const res = await post(`/api/properties/leads/${leadId}/short-link`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ shortUrl: 'https://go.acme.example/crm3', longUrl: 'https://www.acme-realty.example/t/abc123' });
    const lead = await ctx.app.inject({ method: 'GET', url: `/api/properties/leads/${leadId}`, headers: admin });
    expect(lead.json().data.trackingShortUrl).toBe('https://go.acme.example/crm3');
  });

  it('answers 503 when TinyURL fails, and stores nothing', async () => {
    tiny.failNext(500);
    const res = await post(`/api/properties/listings/${world.listing.id}/short-link`);
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('TinyURL answered HTTP 500. Try again later.');
    expect((await ctx.db.listing.findUniqueOrThrow({ where: { id: world.listing.id } })).shortUrl).toBe('https://go.acme.example/crm2');
    const forbidden = await post(`/api/properties/listings/${world.listing.id}/short-link`, await world.agents[0].headers());
    expect(forbidden.statusCode).toBe(403);
  });
});
