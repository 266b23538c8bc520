import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVECAMPAIGN_FAKE_TOKEN, startActiveCampaignFake } from '../../../../../test/fakes/activecampaign.fake.js';
import type { FakeProvider } from '../../../../../test/fakes/fake-http.js';
import { createTestApp, type TestContext } from '../../../../../test/test-app.js';
import { createLeadWorld, type LeadWorld } from '../../../leads/testing.js';
import { activeCampaignContactJob } from './activecampaign-contact.job.js';
import { assetApi, eventually, superAdminOf } from '../provider-test-kit.js';

// ActiveCampaign against a local fake of an account's API v3 (its host from INTEGRATION_BASE_URL_ACTIVECAMPAIGN, the
// account URL in the config): the connection test, the lists, tags and fields lookups, and a saved customer synced
// (contact/sync, list, tags) in a job; a 5xx is thrown for BullMQ to retry, a refusal ends the job.

let ctx: TestContext;
let ac: FakeProvider;
let world: LeadWorld;
let admin: { authorization: string };
let api: ReturnType<typeof assetApi>;
const CONFIG = { apiUrl: 'https://acme.api-us1.com', listId: '3', tagIds: ['7'], fieldMap: { customerId: '12' } };

beforeAll(async () => {
  ac = await startActiveCampaignFake();
  ctx = await createTestApp({
    envOverrides: { RUN_WORKERS: 'true', JOBS_CLOSE_TIMEOUT_MS: '500', INTEGRATION_BASE_URL_ACTIVECAMPAIGN: ac.url },
  });
  world = await createLeadWorld(ctx);
  admin = await superAdminOf(ctx, world);
  api = assetApi(ctx, world, admin);
});
afterAll(async () => {
  await ctx?.close();
  await ac?.close();
});

describe('ActiveCampaign', () => {
  it('answers 409 before it is configured, then tests the token with GET /api/3/users/me', async () => {
    expect((await api('GET', 'integrations/activecampaign/tags-lists')).json().data).toEqual({
      provider: 'activecampaign',
      reason: 'NOT_CONFIGURED',
    });
    await api('PATCH', 'integrations/activecampaign', { config: CONFIG, secrets: { apiToken: 'wrong-token-0000000' } });
    const refused = await api('POST', 'integrations/activecampaign/test');
    expect(refused.json().data).toMatchObject({ ok: false, detail: 'ActiveCampaign refused the credentials (HTTP 403).' });
    await api('PATCH', 'integrations/activecampaign', { enabled: true, secrets: { apiToken: ACTIVECAMPAIGN_FAKE_TOKEN } });
    const ok = await api('POST', 'integrations/activecampaign/test');
    expect(ok.json().data).toMatchObject({ ok: true });
    expect(ac.requests.at(-1)).toMatchObject({ method: 'GET', path: '/api/3/users/me' });
    expect(ac.requests.at(-1)?.headers['api-token']).toBe(ACTIVECAMPAIGN_FAKE_TOKEN);
  });

  it('answers the lists, tags and custom fields', async () => {
    expect((await api('GET', 'integrations/activecampaign/contacts-lists')).json().data).toEqual([
      { id: '3', name: 'Dubai buyers', detail: 'dubai-buyers' },
    ]);
    expect((await api('GET', 'integrations/activecampaign/tags-lists')).json().data).toEqual([{ id: '7', name: 'crm', detail: 'contact' }]);
    expect((await api('GET', 'integrations/activecampaign/fields-lists')).json().data).toEqual([
      { id: '12', name: 'Customer ID', detail: 'text %CUSTOMER_ID%' },
    ]);
    ac.failNext(502);
    const down = await api('GET', 'integrations/activecampaign/tags-lists');
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toBe('ActiveCampaign answered HTTP 502. Try again later.');
  });

  it('syncs a saved customer: contact, list and tags, with the mapped field', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/customers',
      headers: admin,
      payload: { firstName: 'Noor', email: 'noor@example.com', phoneCode: '+971', phone: '502223344', type: 'Client' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const customerId = res.json().data._id as string;
    const tagged = await eventually(
      async () => ac.requests.filter((r) => r.path === '/api/3/contactTags'),
      (found) => found.length > 0,
    );
    const sync = ac.requests.find((r) => r.path === '/api/3/contact/sync' && r.body.includes('noor@example.com'));
    expect(JSON.parse(sync?.body ?? '{}')).toEqual({
      contact: { email: 'noor@example.com', firstName: 'Noor', phone: '+971502223344', fieldValues: [{ field: '12', value: customerId }] },
    });
    const list = ac.requests.find((r) => r.path === '/api/3/contactLists');
    expect(JSON.parse(list?.body ?? '{}')).toEqual({ contactList: { list: '3', contact: '100', status: 1 } });
    expect(JSON.parse(tagged[0]?.body ?? '{}')).toEqual({ contactTag: { contact: '100', tag: '7' } });
  });

  it('throws a 5xx for BullMQ to retry, and ends the job on a refusal', async () => {
    const customer = await ctx.db.customer.create({
      data: {
        companyId: world.company.id,
        assetId: world.asset.id,
        customerID: 'C-AC-1',
        firstName: 'Sami',
        fullName: 'Sami',
        email: 'sami@example.com',
      },
    });
    const run = () =>
      activeCampaignContactJob.handle(
        { assetId: world.asset.id, customerId: customer.id },
        { deps: ctx.app.deps, job: {} as never, signal: undefined },
      );
    ac.failNext(500);
    await expect(run()).rejects.toMatchObject({ name: 'ProviderCallError', retryable: true });
    ac.failNext(400);
    await expect(run()).rejects.toMatchObject({ name: 'UnrecoverableError' });
    await expect(run()).resolves.toMatchObject({ contactId: expect.any(String) });
  });
});
