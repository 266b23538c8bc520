import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_MESSAGES as M, type IntegrationProviderName } from '@crm/domain';
import { ACTIVECAMPAIGN_FAKE_TOKEN, startActiveCampaignFake } from '../../../../test/fakes/activecampaign.fake.js';
import { type FakeProvider, jsonBody } from '../../../../test/fakes/fake-http.js';
import { INTERCOM_FAKE_TOKEN, type IntercomFake, startIntercomFake } from '../../../../test/fakes/intercom.fake.js';
import { SENDGRID_FAKE_KEY, SENDGRID_FAKE_LISTS, startSendGridFake } from '../../../../test/fakes/sendgrid.fake.js';
import { uniqueSuffix } from '../../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../../test/test-app.js';
import { createLeadWorld, type LeadWorld } from '../../leads/testing.js';
import { findIntegration } from '../integration-record.js';
import { queueSyncRun } from '../sync/sync-queue.js';
import { CUSTOMER_PAGE } from './customer-sync.js';
import { assetApi, superAdminOf } from './provider-test-kit.js';

// The `customers` sync of SendGrid, ActiveCampaign and Intercom through the real provider queues (PostgreSQL, Redis,
// BullMQ workers), each provider a local fake and each in an asset of its own: `PATCH synchronization/{x}` with
// runNow sends every customer that has an email (SendGrid a page per call), skips those without and those unchanged
// since, counts them on the SyncRun, retries a 5xx, and a sync-* scope sends only the customers it names.

let ctx: TestContext;
let sendgrid: FakeProvider;
let ac: FakeProvider;
let intercom: IntercomFake;

interface Setup {
  world: LeadWorld;
  api: ReturnType<typeof assetApi>;
}

async function setUp(provider: IntegrationProviderName, body: object): Promise<Setup> {
  const world = await createLeadWorld(ctx);
  const api = assetApi(ctx, world, await superAdminOf(ctx, world));
  const saved = await api('PATCH', `integrations/${provider}`, { enabled: true, ...body });
  expect(saved.statusCode, saved.body).toBe(200);
  return { world, api };
}

/** `count` customers with an email and `withoutEmail` without, written straight to the table (no per-save jobs). */
async function addCustomers({ world }: Setup, count: number, withoutEmail = 0) {
  const rows = Array.from({ length: count + withoutEmail }, (_, i) => {
    const suffix = uniqueSuffix();
    return {
      companyId: world.company.id,
      assetId: world.asset.id,
      customerID: `C-${suffix}`,
      firstName: 'Cust',
      lastName: suffix,
      fullName: `Cust ${suffix}`,
      phoneNumber: `97150${String(1_000_000 + i)}`,
      email: i < count ? `cust-${suffix}@example.com`.toLowerCase() : null,
    };
  });
  await ctx.db.customer.createMany({ data: rows });
  return rows;
}

async function runNow({ api }: Setup, provider: IntegrationProviderName) {
  const started = await api('PATCH', `integrations/synchronization/${provider}`, { modules: ['customers'], runNow: true });
  expect(started.statusCode, started.body).toBe(202);
  return runOf({ api }, provider, started.json().data.run._id as string);
}

async function runOf({ api }: Pick<Setup, 'api'>, provider: IntegrationProviderName, runId: string) {
  const until = Date.now() + 30_000;
  for (;;) {
    const runs = (await api('GET', `integrations/sync-status/${provider}`)).json().data.runs as { _id: string; status: string }[];
    const run = runs.find((r) => r._id === runId);
    if ((run && (run.status === 'completed' || run.status === 'failed')) || Date.now() > until)
      return run as Record<string, unknown> & { status: string };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  [sendgrid, ac, intercom] = await Promise.all([startSendGridFake(), startActiveCampaignFake(), startIntercomFake()]);
  ctx = await createTestApp({
    envOverrides: {
      RUN_WORKERS: 'true',
      JOBS_CLOSE_TIMEOUT_MS: '500',
      INTEGRATION_SYNC_BACKOFF_MS: '50',
      INTEGRATION_BASE_URL_SENDGRID: sendgrid.url,
      INTEGRATION_BASE_URL_ACTIVECAMPAIGN: ac.url,
      INTEGRATION_BASE_URL_INTERCOM: intercom.url,
    },
  });
});
afterAll(async () => {
  await ctx?.close();
  await Promise.all([sendgrid?.close(), ac?.close(), intercom?.close()]);
});

describe('customers sync of the marketing providers', () => {
  it('SendGrid: every customer with an email in the lists, a page a call; unchanged ones not sent again', async () => {
    const config = {
      fromEmail: 'agents@acme.example',
      fromName: 'Acme',
      defaultListIds: [SENDGRID_FAKE_LISTS[0]?.id],
      syncCustomers: true,
    };
    const setup = await setUp('sendgrid', { config, secrets: { apiKey: SENDGRID_FAKE_KEY } });
    const rows = await addCustomers(setup, CUSTOMER_PAGE + 1, 1);
    const run = await runNow(setup, 'sendgrid');
    expect(run).toMatchObject({
      status: 'completed',
      kind: 'customers',
      attempts: 1,
      counts: { created: CUSTOMER_PAGE + 1, updated: 0, skipped: 1 },
      progress: { done: CUSTOMER_PAGE + 2, total: CUSTOMER_PAGE + 2 },
      error: null,
    });
    // The run's modules are the schedule's now.
    expect((await setup.api('GET', 'integrations/modules/sendgrid')).json().data.modules).toEqual([{ module: 'customers', enabled: true }]);
    const puts = sendgrid.requests.filter((r) => r.method === 'PUT' && r.path === '/v3/marketing/contacts').map(jsonBody);
    expect(puts.map((body) => (body.contacts as unknown[]).length)).toEqual([CUSTOMER_PAGE, 1]);
    expect(puts.every((body) => JSON.stringify(body.list_ids) === JSON.stringify(config.defaultListIds))).toBe(true);
    const sent = puts.flatMap((body) => body.contacts as { email: string; external_id: string; phone_number?: string }[]);
    const withEmail = rows.filter((row) => row.email);
    expect(sent.map((c) => c.email).sort()).toEqual(withEmail.map((row) => row.email).sort());
    const [first] = sent;
    expect(first).toMatchObject({ first_name: 'Cust', phone_number: expect.stringMatching(/^\+97150/) });

    // One customer changes: the next run sends that one alone.
    const changed = await ctx.db.customer.findFirstOrThrow({ where: { email: withEmail[3]?.email ?? '' } });
    await ctx.db.customer.update({ where: { id: changed.id }, data: { firstName: 'Renamed' } });
    const again = await runNow(setup, 'sendgrid');
    expect(again).toMatchObject({ status: 'completed', counts: { created: 0, updated: 1, skipped: CUSTOMER_PAGE + 1 } });
    const last = jsonBody(sendgrid.requests.filter((r) => r.method === 'PUT').at(-1) ?? { method: '', path: '', headers: {}, body: '' });
    expect(last.contacts).toEqual([expect.objectContaining({ email: changed.email, first_name: 'Renamed', external_id: changed.id })]);

    // The config's customer sync off: the call refuses to start a run bound to fail, and no run is made.
    await setup.api('PATCH', 'integrations/sendgrid', { config: { ...config, syncCustomers: false } });
    const runs = await ctx.db.syncRun.count({ where: { provider: 'sendgrid' } });
    const refused = await setup.api('PATCH', 'integrations/synchronization/sendgrid', { modules: ['customers'], runNow: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: M.customerSyncOff('SendGrid', 'Sync customers to contact lists'),
      data: { modules: [M.customerSyncOff('SendGrid', 'Sync customers to contact lists')] },
    });
    expect(await ctx.db.syncRun.count({ where: { provider: 'sendgrid' } })).toBe(runs);
  });

  it('ActiveCampaign: each customer with an email synced with its list, a 5xx retried, those without skipped', async () => {
    const setup = await setUp('activecampaign', {
      config: { apiUrl: 'https://acme.api-us1.com', listId: '3' },
      secrets: { apiToken: ACTIVECAMPAIGN_FAKE_TOKEN },
    });
    const rows = await addCustomers(setup, 3, 1);
    const before = ac.requests.length;
    ac.failNext(500);
    const run = await runNow(setup, 'activecampaign');
    expect(run).toMatchObject({ status: 'completed', attempts: 2, counts: { created: 3, updated: 0, skipped: 1 }, error: null });
    const calls = ac.requests.slice(before);
    const synced = calls.filter((r) => r.path === '/api/3/contact/sync').map((r) => (jsonBody(r).contact as { email: string }).email);
    // The first attempt's call answered 500; the retry sent all three.
    expect(synced.slice(1).sort()).toEqual(rows.flatMap((row) => (row.email ? [row.email] : [])).sort());
    expect(calls.filter((r) => r.path === '/api/3/contactLists')).toHaveLength(3);
    const refs = await ctx.db.externalRef.findMany({ where: { assetId: setup.world.asset.id, entity: 'customer' } });
    expect(refs.map((ref) => ref.externalId)).toEqual(expect.arrayContaining([expect.stringMatching(/^\d+$/)]));
    expect(refs).toHaveLength(3);
  });

  it('Intercom: each customer with an email as a contact (an existing one adopted), a sync-* scope sends only its own', async () => {
    const setup = await setUp('intercom', { config: { region: 'eu' }, secrets: { accessToken: INTERCOM_FAKE_TOKEN } });
    const rows = await addCustomers(setup, 2, 1);
    const [adopted, fresh] = rows;
    intercom.contacts.push({
      id: 'contact-known',
      external_id: null,
      email: adopted?.email ?? '',
      name: 'Known',
      phone: null,
      role: 'user',
    });
    const run = await runNow(setup, 'intercom');
    expect(run).toMatchObject({ status: 'completed', counts: { created: 2, updated: 0, skipped: 1 } });
    const ids = await ctx.db.customer.findMany({ where: { assetId: setup.world.asset.id }, select: { id: true, email: true } });
    const idOf = (email: string | null | undefined) => ids.find((row) => row.email === email)?.id;
    expect(intercom.contacts.find((c) => c.id === 'contact-known')).toMatchObject({
      external_id: idOf(adopted?.email),
      name: adopted?.fullName,
    });
    expect(intercom.contacts.filter((c) => c.external_id === idOf(fresh?.email))).toHaveLength(1);
    expect(intercom.contacts.some((c) => c.email === null)).toBe(false);

    // A run for named customers: only the new one is read and sent.
    const [late] = await addCustomers(setup, 1);
    const row = await findIntegration(ctx.app.deps, setup.world.asset.id, 'intercom');
    const lateId = (await ctx.db.customer.findFirstOrThrow({ where: { email: late?.email ?? '' } })).id;
    if (!row) throw new Error('no Intercom row');
    const scoped = await runOf(setup, 'intercom', await queueSyncRun(ctx.app.deps, row, ['customers'], [lateId]));
    expect(scoped).toMatchObject({ status: 'completed', counts: { created: 1, updated: 0, skipped: 0 }, progress: { done: 1, total: 1 } });
    expect(intercom.contacts.filter((c) => c.external_id === lateId)).toHaveLength(1);
  });
});
