import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_MESSAGES as M, PERMISSIONS as P } from '@crm/domain';
import { startPropertyFinderFake, PROPERTY_FINDER_FAKE_CREDENTIALS } from '../../../test/fakes/propertyfinder.fake.js';
import { SENDGRID_FAKE_KEY, startSendGridFake } from '../../../test/fakes/sendgrid.fake.js';
import type { FakeProvider } from '../../../test/fakes/fake-http.js';
import { createRole, createTenant, createUser, loginAs, type Tenant } from '../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { INTEGRATION_SAMPLES } from './integration-test-samples.js';

// POST {name}/test against local fakes of Property Finder and SendGrid (INTEGRATION_BASE_URL_<PROVIDER>): the
// cheapest authenticated call, its outcome stored on the integration and answered as { ok, latencyMs, detail }.

let ctx: TestContext;
let tenant: Tenant;
let admin: { authorization: string };
let pf: FakeProvider;
let sendgrid: FakeProvider;

const call = (method: 'GET' | 'PATCH' | 'POST', name: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/assets/${tenant.asset.id}/integrations/${name}`, headers: admin, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  [pf, sendgrid] = await Promise.all([startPropertyFinderFake(), startSendGridFake()]);
  ctx = await createTestApp({
    envOverrides: { INTEGRATION_BASE_URL_PROPERTYFINDER: pf.url, INTEGRATION_BASE_URL_SENDGRID: `${sendgrid.url}/` },
  });
  tenant = await createTenant(ctx);
  const role = await createRole(ctx, [P.INTEGRATIONS_VIEW], { company: tenant.company });
  admin = await loginAs(ctx, (await createUser(ctx, { role, assets: [tenant.asset] })).email);
});
afterAll(async () => {
  await ctx?.close();
  await Promise.all([pf?.close(), sendgrid?.close()]);
});

describe('POST {name}/test', () => {
  it('answers 409 NOT_CONFIGURED before the provider is set up, and 400 for a provider without a test', async () => {
    const res = await call('POST', 'propertyfinder/test');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      statusCode: 409,
      code: 'CONFLICT',
      message: M.notConfigured('Property Finder'),
      data: { provider: 'propertyfinder', reason: 'NOT_CONFIGURED' },
    });
    const none = await call('POST', 'zapier/test');
    expect(none.statusCode).toBe(400);
    expect(none.json().data).toEqual({ provider: [M.noConnectionTest('Zapier')] });
  });

  it('tests Property Finder with POST /v1/auth/token: refused credentials, then accepted ones (even while disabled)', async () => {
    await call('PATCH', 'propertyfinder', {
      config: INTEGRATION_SAMPLES.propertyfinder.config,
      secrets: { apiKey: 'wrong-key-000000', apiSecret: 'wrong-secret-0000' },
    });
    const refused = await call('POST', 'propertyfinder/test');
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json().data).toMatchObject({ ok: false, detail: 'Property Finder refused the credentials (HTTP 401).' });
    expect(pf.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v1/auth/token' });
    let record = (await call('GET', 'propertyfinder')).json().data;
    expect(record).toMatchObject({ status: 'error', lastError: 'Property Finder refused the credentials (HTTP 401).' });
    expect(record.lastTestedAt).not.toBeNull();

    const saved = await call('PATCH', 'propertyfinder', { secrets: PROPERTY_FINDER_FAKE_CREDENTIALS });
    expect(saved.json().data).toMatchObject({ status: 'configured', lastError: null, enabled: false });
    const accepted = await call('POST', 'propertyfinder/test');
    expect(accepted.json().data).toMatchObject({ ok: true, detail: 'Property Finder accepted the credentials.' });
    expect(accepted.json().data.latencyMs).toBeGreaterThanOrEqual(0);
    expect(JSON.parse(pf.requests.at(-1)?.body ?? '{}')).toEqual(PROPERTY_FINDER_FAKE_CREDENTIALS);
    record = (await call('GET', 'propertyfinder')).json().data;
    expect(record).toMatchObject({ status: 'connected', lastError: null });
  });

  it('tests SendGrid with a Bearer GET /v3/scopes and records a provider failure', async () => {
    await call('PATCH', 'sendgrid', { enabled: true, config: INTEGRATION_SAMPLES.sendgrid.config, secrets: { apiKey: SENDGRID_FAKE_KEY } });
    const ok = await call('POST', 'sendgrid/test');
    expect(ok.json().data).toMatchObject({ ok: true });
    expect(sendgrid.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v3/scopes' });
    expect(sendgrid.requests.at(-1)?.headers.authorization).toBe(`Bearer ${SENDGRID_FAKE_KEY}`);

    sendgrid.failNext(500);
    const failed = await call('POST', 'sendgrid/test');
    expect(failed.json().data).toMatchObject({ ok: false, detail: 'SendGrid answered HTTP 500.' });
    expect((await call('GET', 'sendgrid')).json().data).toMatchObject({ status: 'error', lastError: 'SendGrid answered HTTP 500.' });
  });

  it('checks what it can for Bayut and dubizzle (no API to call), and says what is missing', async () => {
    await call('PATCH', 'bayut', {
      config: { agencyId: 'AG-1', feedEnabled: true, apiEnabled: false },
      secrets: { leadSecret: 'bayut-lead-secret-01' },
    });
    const noFeed = await call('POST', 'bayut/test');
    expect(noFeed.statusCode, noFeed.body).toBe(200);
    expect(noFeed.json().data).toEqual({ ok: false, latencyMs: 0, detail: M.feedCheck('Bayut', [M.feedSecretMissing]) });
    expect((await call('GET', 'bayut')).json().data).toMatchObject({
      status: 'error',
      lastError: M.feedCheck('Bayut', [M.feedSecretMissing]),
    });

    await call('PATCH', 'bayut', { secrets: { feedSecret: 'bayut-feed-secret-0001' } });
    const ready = await call('POST', 'bayut/test');
    expect(ready.json().data).toEqual({ ok: true, latencyMs: 0, detail: M.feedCheck('Bayut', []) });
    expect((await call('GET', 'bayut')).json().data).toMatchObject({ status: 'connected', lastError: null });

    // Asking for the Profolio API, without a lead secret, with the feed off: each said.
    await call('PATCH', 'dubizzle', {
      config: { agencyId: 'AG-2', feedEnabled: false, apiEnabled: true },
      secrets: { apiToken: 'dubizzle-token-000001', feedSecret: 'dubizzle-feed-secret-01' },
    });
    const dubizzle = await call('POST', 'dubizzle/test');
    expect(dubizzle.json().data).toMatchObject({
      ok: false,
      detail: M.feedCheck('dubizzle', [M.leadSecretMissing, M.feedOff, M.apiNotBuilt('dubizzle')]),
    });
    expect(dubizzle.body).not.toContain('dubizzle-token-000001');
  });

  it('reports an unreachable provider without its credentials', async () => {
    const down = await startSendGridFake();
    await down.close();
    const app = await createTestApp({ envOverrides: { INTEGRATION_BASE_URL_SENDGRID: down.url } });
    try {
      const t = await createTenant(app);
      const role = await createRole(app, [P.INTEGRATIONS_VIEW], { company: t.company });
      const headers = await loginAs(app, (await createUser(app, { role, assets: [t.asset] })).email);
      const url = `/api/assets/${t.asset.id}/integrations/sendgrid`;
      await app.app.inject({
        method: 'PATCH',
        url,
        headers,
        payload: { config: INTEGRATION_SAMPLES.sendgrid.config, secrets: { apiKey: SENDGRID_FAKE_KEY } },
      });
      const res = await app.app.inject({ method: 'POST', url: `${url}/test`, headers });
      expect(res.json().data).toMatchObject({ ok: false, detail: 'SendGrid could not be reached.' });
      expect(res.body).not.toContain(SENDGRID_FAKE_KEY);
    } finally {
      await app.close();
    }
  });
});
