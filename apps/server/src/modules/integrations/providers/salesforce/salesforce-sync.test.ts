import { exportPKCS8, exportSPKI, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS as P, SYNC_JOB_POLICY } from '@crm/domain';
import { startSalesforceFake, type SalesforceFake } from '../../../../../test/fakes/salesforce.fake.js';
import { createRole, createUser, loginAs, uniqueSuffix } from '../../../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../../../test/test-app.js';
import { createLeadWorld, type LeadWorld } from '../../../leads/testing.js';
import { syncScheduleRegistered } from '../../integration-sync.service.js';

// Salesforce through the real provider queue (PostgreSQL, Redis, BullMQ workers), its API a local fake that checks the
// JWT bearer assertion: leads and customers upserted by external id, status and owner read back, unchanged records not
// sent again; a 429's Retry-After honoured while a repeat joins the waiting run; a provider failing every attempt
// leaves the run failed and the integration in error; a 4xx is not retried; the schedule registered and removed.

const LOGIN_URL = 'https://login.salesforce.com';
const CONFIG = {
  loginUrl: LOGIN_URL,
  clientId: '3MVG9-crm-client',
  username: 'crm@example.com',
  leadSource: 'Engage CRM',
  fieldMap: { phone: 'MobilePhone' },
};

let ctx: TestContext;
let sf: SalesforceFake;
let world: LeadWorld;
let admin: { authorization: string };
let privateKey: string;
const answers: string[] = [];

async function call(method: 'GET' | 'PATCH', path: string, payload?: object) {
  const res = await ctx.app.inject({
    method,
    url: `/api/assets/${world.asset.id}/integrations/${path}`,
    headers: admin,
    ...(payload ? { payload } : {}),
  });
  answers.push(res.body);
  return res;
}

async function runOf(runId: string, done: (status: string) => boolean = (status) => status === 'completed' || status === 'failed') {
  const until = Date.now() + 20_000;
  for (;;) {
    const runs = (await call('GET', 'sync-status/salesforce')).json().data.runs as { _id: string; status: string }[];
    const run = runs.find((r) => r._id === runId);
    if ((run && done(run.status)) || Date.now() > until) return run as Record<string, unknown> & { status: string };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function lead(phone: string) {
  const customer = await world.customer();
  await ctx.db.customer.update({ where: { id: customer.id }, data: { email: `${customer.lastName}@example.com`, phoneNumber: phone } });
  return ctx.db.lead.create({
    data: {
      companyId: world.company.id,
      assetId: world.asset.id,
      leadID: `L-${uniqueSuffix()}`,
      customerId: customer.id,
      contactType: 'Buyer',
      source: 'Website',
      remarks: 'Wants a sea view',
    },
  });
}

beforeAll(async () => {
  const keys = await generateKeyPair('RS256', { extractable: true });
  privateKey = await exportPKCS8(keys.privateKey);
  sf = await startSalesforceFake({
    publicKeyPem: await exportSPKI(keys.publicKey),
    clientId: CONFIG.clientId,
    username: CONFIG.username,
    loginUrl: LOGIN_URL,
  });
  ctx = await createTestApp({
    envOverrides: {
      RUN_WORKERS: 'true',
      JOBS_CLOSE_TIMEOUT_MS: '500',
      INTEGRATION_BASE_URL_SALESFORCE: sf.url,
      INTEGRATION_SYNC_BACKOFF_MS: '50',
    },
  });
  world = await createLeadWorld(ctx);
  const role = await createRole(ctx, [P.INTEGRATIONS_VIEW], { company: world.company });
  admin = await loginAs(ctx, (await createUser(ctx, { role, assets: [world.asset] })).email);
  const saved = await call('PATCH', 'salesforce', { enabled: true, config: CONFIG, secrets: { privateKey } });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await ctx?.close();
  await sf?.close();
});

describe('Salesforce sync', () => {
  it('upserts leads as Salesforce Leads by external id, reads back status and owner, and skips unchanged leads', async () => {
    const first = await lead('+971501234567');
    const second = await lead('+971509876543');
    const started = await call('PATCH', 'synchronization/salesforce', { modules: ['leads'], runNow: true });
    expect(started.statusCode, started.body).toBe(202);
    const run = await runOf(started.json().data.run._id);
    expect(run).toMatchObject({
      status: 'completed',
      kind: 'leads',
      attempts: 1,
      counts: { created: 2, updated: 0, skipped: 0 },
      error: null,
    });
    const record = sf.records.get(`Lead:CRM_External_Id__c:${first.id}`);
    expect(record?.fields).toMatchObject({
      LastName: expect.any(String),
      Company: expect.any(String),
      MobilePhone: '+971501234567',
      LeadSource: 'Engage CRM',
      Description: 'Wants a sea view',
    });
    expect(sf.records.has(`Lead:CRM_External_Id__c:${second.id}`)).toBe(true);

    // A Salesforce user works the lead: the next run reads its new status and owner back, and sends nothing unchanged.
    if (record) Object.assign(record, { Status: 'Working - Contacted', Owner: { Name: 'Sara Sales', Email: 'sara@example.com' } });
    const again = await call('PATCH', 'synchronization/salesforce', { modules: ['leads'], runNow: true });
    expect(await runOf(again.json().data.run._id)).toMatchObject({ status: 'completed', counts: { created: 0, updated: 0, skipped: 2 } });
    const ref = await ctx.db.externalRef.findFirstOrThrow({ where: { entity: 'lead', entityId: first.id } });
    expect(ref).toMatchObject({ provider: 'salesforce', externalId: record?.Id });
    // The read-back happens after pushes only: the changed status comes in on the run that pushed it, so push once more.
    await ctx.db.lead.update({ where: { id: first.id }, data: { remarks: 'Sea view, 2 bedrooms' } });
    const third = await call('PATCH', 'synchronization/salesforce', { modules: ['leads'], runNow: true });
    expect(await runOf(third.json().data.run._id)).toMatchObject({ counts: { created: 0, updated: 1, skipped: 1 } });
    const refreshed = await ctx.db.externalRef.findFirstOrThrow({ where: { entity: 'lead', entityId: first.id } });
    expect(refreshed.remote).toMatchObject({ status: 'Working - Contacted', ownerName: 'Sara Sales', ownerEmail: 'sara@example.com' });
  });

  it('upserts customers as Contacts', async () => {
    const started = await call('PATCH', 'synchronization/salesforce', { modules: ['customers'], runNow: true });
    const run = await runOf(started.json().data.run._id);
    expect(run).toMatchObject({ status: 'completed', kind: 'customers' });
    const contacts = [...sf.records.values()].filter((r) => r.sobject === 'Contact');
    expect(contacts.length).toBe((run.counts as { created: number }).created);
    expect(contacts.length).toBeGreaterThanOrEqual(2);
  });

  it("honours a 429's Retry-After, and a repeat while it waits joins the same run", async () => {
    await lead('+971501110000');
    sf.failNext({ status: 429, json: [{ errorCode: 'REQUEST_LIMIT_EXCEEDED' }] as unknown as object, headers: { 'retry-after': '2' } });
    const before = sf.requests.length;
    const first = await call('PATCH', 'synchronization/salesforce', { modules: ['leads'], runNow: true });
    const runId = first.json().data.run._id;
    const waiting = await runOf(runId, (status: string) => status === 'retrying');
    expect(waiting).toMatchObject({ status: 'retrying', attempts: 1, error: expect.stringMatching(/HTTP 429/) });
    const repeat = await call('PATCH', 'synchronization/salesforce', { modules: ['leads'], runNow: true });
    expect(repeat.json().data.run._id).toBe(runId);
    const done = await runOf(runId);
    expect(done).toMatchObject({ status: 'completed', attempts: 2, counts: { created: 1 } });
    const tokenCalls = sf.requests.slice(before).filter((r) => r.path === '/services/oauth2/token');
    expect(tokenCalls.length).toBe(2);
    // The retry waited the 2 s Salesforce asked for, not the 50 ms backoff.
    const [a, b] = await ctx.db.integrationLog.findMany({
      where: { provider: 'salesforce', operation: 'POST /services/oauth2/token' },
      orderBy: { createdAt: 'desc' },
      take: 2,
    });
    expect((a?.createdAt.getTime() ?? 0) - (b?.createdAt.getTime() ?? 0)).toBeGreaterThanOrEqual(1900);
  });

  it('fails the run after every attempt fails, puts the integration in error, and recovers on the next good run', async () => {
    await lead('+971502220000');
    sf.failNext(...Array.from({ length: SYNC_JOB_POLICY.attempts }, () => 503));
    const started = await call('PATCH', 'synchronization/salesforce', { modules: ['leads'], runNow: true });
    const run = await runOf(started.json().data.run._id);
    expect(run).toMatchObject({
      status: 'failed',
      attempts: SYNC_JOB_POLICY.attempts,
      error: expect.stringMatching(/Salesforce answered HTTP 503/),
    });
    const record = (await call('GET', 'salesforce')).json().data;
    expect(record).toMatchObject({ status: 'error', lastError: expect.stringMatching(/failed \d+ times in a row/) });
    const good = await call('PATCH', 'synchronization/salesforce', { modules: ['leads'], runNow: true });
    expect(await runOf(good.json().data.run._id)).toMatchObject({ status: 'completed' });
    const until = Date.now() + 5000;
    let recovered = (await call('GET', 'salesforce')).json().data;
    while (recovered.status !== 'connected' && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      recovered = (await call('GET', 'salesforce')).json().data;
    }
    expect(recovered).toMatchObject({ status: 'connected', lastError: null });
  });

  it('does not retry a refusal (4xx): the run fails at once', async () => {
    await lead('+971503330000');
    sf.failNext(400);
    const started = await call('PATCH', 'synchronization/salesforce', { modules: ['leads'], runNow: true });
    expect(await runOf(started.json().data.run._id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: expect.stringMatching(/HTTP 400/),
    });
  });

  it('registers the scheduled sync, and removes it when the schedule or the integration is switched off', async () => {
    const row = () => ctx.db.integrationConfig.findFirstOrThrow({ where: { assetId: world.asset.id, name: 'salesforce' } });
    const on = await call('PATCH', 'synchronization/salesforce', { enabled: true, modules: ['leads', 'customers'], intervalMinutes: 15 });
    expect(on.statusCode, on.body).toBe(200);
    expect(await syncScheduleRegistered(ctx.app.deps, await row())).toBe(true);
    const scheduler = await ctx.app.deps.jobs.queue('provider-sync-salesforce').getJobScheduler(`sync-schedule-${(await row()).id}`);
    expect(scheduler).toMatchObject({ every: 15 * 60_000 });
    await call('PATCH', 'salesforce', { enabled: false });
    expect(await syncScheduleRegistered(ctx.app.deps, await row())).toBe(false);
    await call('PATCH', 'salesforce', { enabled: true });
    expect(await syncScheduleRegistered(ctx.app.deps, await row())).toBe(true);
    await call('PATCH', 'synchronization/salesforce', { enabled: false });
    expect(await syncScheduleRegistered(ctx.app.deps, await row())).toBe(false);
  });

  it('keeps the private key and the access token out of every answer and the integration log', async () => {
    const stored = JSON.stringify(await ctx.db.integrationLog.findMany({ where: { provider: 'salesforce' } }));
    const everything = [...answers, stored].join('\n');
    expect(everything).not.toContain('sf-access-token');
    expect(everything).not.toContain(privateKey.split('\n')[1]);
    expect(stored).toContain('[redacted]');
  });
});
