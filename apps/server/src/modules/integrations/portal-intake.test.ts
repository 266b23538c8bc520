import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS as P, POLL_FAILURES_BEFORE_ERROR } from '@crm/domain';
import { startPropertyFinderFake, type PropertyFinderFake, type PropertyFinderFakeLead } from '../../../test/fakes/propertyfinder.fake.js';
import { createRole, createUser, loginAs } from '../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createLeadWorld, type LeadWorld } from '../leads/testing.js';
import { pruneIntegrationLogs } from './integration-log.js';
import { INTEGRATION_SAMPLES } from './integration-test-samples.js';
import { pollPropertyFinderLeads } from './providers/propertyfinder/pf-lead-poll.job.js';
import { bayutSignature, propertyFinderSignature } from './portal-webhook.js';

// Portal lead intake over real PostgreSQL, Redis and BullMQ workers, Property Finder's API a local fake: signed
// webhooks (Property Finder, Bayut) and the safety poll make leads through the leads' own upsert, routed to the
// listing's agent; redeliveries make nothing new; a bad signature stores nothing; a failing poll puts the
// integration in error after three tries; no secret, whole phone or whole email reaches an answer or a log.

let ctx: TestContext;
let pf: PropertyFinderFake;
let world: LeadWorld;
let other: LeadWorld;
let admin: { authorization: string };
let otherAdmin: { authorization: string };
let pfId: string;
let bayutId: string;
let reference: string;
const logLines: string[] = [];
const answers: string[] = [];
const pfSecrets = INTEGRATION_SAMPLES.propertyfinder.secrets;
const bayutSecrets = INTEGRATION_SAMPLES.bayut.secrets;
const PHONE = '+971 50 123 4567';
const EMAIL = 'omar.khalil@example.com';

const pfLead = (id: string, overrides: Partial<PropertyFinderFakeLead> = {}): PropertyFinderFakeLead => ({
  id,
  createdAt: new Date().toISOString(),
  channel: 'whatsapp',
  listing: { id: 'pf-listing-1', reference },
  sender: {
    name: 'Omar Khalil',
    contacts: [
      { type: 'phone', value: PHONE },
      { type: 'email', value: EMAIL },
    ],
  },
  message: 'Is this apartment still available?',
  ...overrides,
});

async function deliver(provider: 'propertyfinder' | 'bayut' | 'dubizzle', id: string, body: object, signature?: string | null) {
  const raw = JSON.stringify(body);
  const secret = provider === 'propertyfinder' ? (pfSecrets.webhookSecret ?? '') : (bayutSecrets.leadSecret ?? '');
  const sign = provider === 'propertyfinder' ? propertyFinderSignature : bayutSignature;
  const header = provider === 'propertyfinder' ? 'x-signature' : 'x-bayut-signature';
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/integrations/${provider}/webhook/${id}`,
    headers: { 'content-type': 'application/json', ...(signature === null ? {} : { [header]: signature ?? sign(secret, raw) }) },
    payload: raw,
  });
  answers.push(res.body);
  return res;
}

async function call(method: 'GET' | 'PATCH', path: string, payload?: object, headers = admin, asset = world.asset.id) {
  const res = await ctx.app.inject({ method, url: `/api/assets/${asset}/integrations/${path}`, headers, ...(payload ? { payload } : {}) });
  answers.push(res.body);
  return res;
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const leadOf = (assetId: string, inputSource: string, sourceDataId: string) =>
  waitFor(
    () => ctx.db.lead.findMany({ where: { assetId, inputSource, sourceDataId } }),
    (rows) => rows.length > 0,
  );

beforeAll(async () => {
  pf = await startPropertyFinderFake();
  const loggerStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  ctx = await createTestApp({
    envOverrides: { RUN_WORKERS: 'true', JOBS_CLOSE_TIMEOUT_MS: '500', INTEGRATION_BASE_URL_PROPERTYFINDER: pf.url, LOG_LEVEL: 'debug' },
    loggerStream,
  });
  world = await createLeadWorld(ctx);
  other = await createLeadWorld(ctx, { assetName: 'Other Portal Asset' });
  reference = (await ctx.db.listing.findUniqueOrThrow({ where: { id: world.listing.id } })).reference;
  const role = await createRole(ctx, [P.INTEGRATIONS_VIEW], { company: world.company });
  admin = await loginAs(ctx, (await createUser(ctx, { role, assets: [world.asset] })).email);
  const otherRole = await createRole(ctx, [P.INTEGRATIONS_VIEW], { company: other.company });
  otherAdmin = await loginAs(ctx, (await createUser(ctx, { role: otherRole, assets: [other.asset] })).email);
  pfId = (await call('PATCH', 'propertyfinder', { enabled: true, ...INTEGRATION_SAMPLES.propertyfinder })).json().data._id;
  bayutId = (await call('PATCH', 'bayut', { enabled: true, ...INTEGRATION_SAMPLES.bayut })).json().data._id;
});
afterAll(async () => {
  await ctx?.close();
  await pf?.close();
});

describe('portal lead intake', () => {
  it("shows each portal's webhook URL", async () => {
    const record = (await call('GET', 'propertyfinder')).json().data;
    expect(record.webhookUrl).toMatch(new RegExp(`/api/integrations/propertyfinder/webhook/${pfId}$`));
    expect((await call('GET', 'bayut')).json().data.webhookUrl).toMatch(new RegExp(`/api/integrations/bayut/webhook/${bayutId}$`));
  });

  it("makes one lead, routed to the listing's agent, from a Property Finder lead delivered twice", async () => {
    const event = { id: 'evt-pf-1', type: 'lead.created', timestamp: new Date().toISOString(), payload: pfLead('PF-L-1') };
    const first = await deliver('propertyfinder', pfId, event);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ data: { received: true, duplicate: false } });
    const again = await deliver('propertyfinder', pfId, event);
    expect(again.json()).toEqual({ data: { received: true, duplicate: true } });
    const [lead] = await leadOf(world.asset.id, 'propertyfinder', 'PF-L-1');
    expect(lead).toMatchObject({
      agentId: world.listing.agentId,
      listingId: world.listing.id,
      source: 'Property Finder',
      contactMethod: 'WhatsApp',
      enquiryMethod: 'WhatsApp Property Finder Bot',
      remarks: 'Is this apartment still available?',
    });
    // An update event of the same lead refreshes it rather than making a second one.
    const update = { ...event, id: 'evt-pf-2', type: 'lead.updated', payload: pfLead('PF-L-1', { message: 'Can I view it Friday?' }) };
    expect((await deliver('propertyfinder', pfId, update)).statusCode).toBe(200);
    const refreshed = await waitFor(
      () => ctx.db.lead.findUniqueOrThrow({ where: { id: lead?.id ?? '' } }),
      (row) => row.remarks === 'Can I view it Friday?',
    );
    expect(refreshed.remarks).toBe('Can I view it Friday?');
    expect(await ctx.db.lead.count({ where: { inputSource: 'propertyfinder', sourceDataId: 'PF-L-1' } })).toBe(1);
  });

  it('answers 401 and stores nothing for a wrong or missing signature', async () => {
    const event = { id: 'evt-bad-1', type: 'lead.created', payload: pfLead('PF-BAD-1') };
    expect((await deliver('propertyfinder', pfId, event, 'a'.repeat(64))).statusCode).toBe(401);
    expect((await deliver('propertyfinder', pfId, event, null)).statusCode).toBe(401);
    const bayut = { lead_id: 'BY-BAD-1', lead_type: 'call', created_at: new Date().toISOString(), client: { name: 'X' } };
    expect((await deliver('bayut', bayutId, bayut, 'f'.repeat(32))).statusCode).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await ctx.db.webhookEvent.count({ where: { externalEventId: { in: ['evt-bad-1', 'BY-BAD-1'] } } })).toBe(0);
    expect(await ctx.db.lead.count({ where: { sourceDataId: { in: ['PF-BAD-1', 'BY-BAD-1'] } } })).toBe(0);
    const rejected = await ctx.db.integrationLog.findMany({ where: { integrationId: pfId, outcome: 'rejected' } });
    expect(rejected.length).toBe(2);
    expect(rejected.every((row) => row.requestBody === null && row.status === 401)).toBe(true);
  });

  it('makes a lead from a signed Bayut push', async () => {
    const push = {
      lead_id: 'BY-L-1',
      lead_type: 'story',
      created_at: new Date().toISOString(),
      property_reference: reference,
      client: { name: 'Sara Nasser', phone: '0501112233', email: 'sara.nasser@example.com' },
      message: 'Call me after 5',
    };
    expect((await deliver('bayut', bayutId, push)).statusCode).toBe(200);
    expect((await deliver('bayut', bayutId, push)).json()).toEqual({ data: { received: true, duplicate: true } });
    const [lead] = await leadOf(world.asset.id, 'bayut', 'BY-L-1');
    expect(lead).toMatchObject({ source: 'Bayut', contactMethod: 'Phone', agentId: world.listing.agentId });

    // dubizzle pushes the same way, to its own integration: the same lead id there is another portal's lead.
    const dubizzleId = (await call('PATCH', 'dubizzle', { enabled: true, ...INTEGRATION_SAMPLES.dubizzle })).json().data._id;
    expect((await deliver('dubizzle', dubizzleId, { ...push, lead_type: 'whatsapp' })).json()).toEqual({
      data: { received: true, duplicate: false },
    });
    const [fromDubizzle] = await leadOf(world.asset.id, 'dubizzle', 'BY-L-1');
    expect(fromDubizzle).toMatchObject({ source: 'dubizzle', contactMethod: 'WhatsApp', customerId: lead?.customerId });
  });

  it('picks up a lead by polling, once however often it polls, and keeps its cursor', async () => {
    pf.leads.push(pfLead('PF-POLL-1', { channel: 'email', createdAt: new Date(Date.now() - 60_000).toISOString() }));
    const started = await call('PATCH', 'synchronization/propertyfinder', { modules: ['leads'], runNow: true });
    expect(started.statusCode, started.body).toBe(202);
    const runId = started.json().data.run._id;
    const run = await waitFor(
      () => ctx.db.syncRun.findUniqueOrThrow({ where: { id: runId } }),
      (row) => row.status === 'completed' || row.status === 'failed',
    );
    expect(run).toMatchObject({ status: 'completed', progressDone: 1 });
    const [lead] = await leadOf(world.asset.id, 'propertyfinder', 'PF-POLL-1');
    expect(lead).toMatchObject({ agentId: world.listing.agentId, contactMethod: 'Email' });
    const deps = ctx.app.deps;
    await pollPropertyFinderLeads(deps, pfId);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await ctx.db.lead.count({ where: { inputSource: 'propertyfinder', sourceDataId: 'PF-POLL-1' } })).toBe(1);
    // The cursor is the account's (the integration's first account has its id).
    const row = await ctx.db.integrationAccount.findUniqueOrThrow({ where: { id: pfId } });
    expect(row.pollCursor).toBe(new Date(pf.leads[0]?.createdAt ?? '').toISOString());
    const leadsCall = pf.requests.filter((r) => r.path.startsWith('/v1/leads')).at(-1);
    expect(new URL(leadsCall?.path ?? '', pf.url).searchParams.get('createdAtFrom')).toBe(row.pollCursor);
  });

  it('marks the integration in error after a provider fails three polls in a row, and keeps other accounts going', async () => {
    const otherPf = (
      await call('PATCH', 'propertyfinder', { enabled: true, ...INTEGRATION_SAMPLES.propertyfinder }, otherAdmin, other.asset.id)
    ).json().data._id;
    // Saving the account subscribes its webhooks and maps its users in a job: let it finish before failures are due.
    await waitFor(
      () => ctx.db.syncRun.findFirst({ where: { accountId: otherPf, status: { in: ['completed', 'failed'] } } }),
      (run) => run !== null,
    );
    pf.failNext(503, 500, 502);
    for (let i = 0; i < POLL_FAILURES_BEFORE_ERROR; i += 1) {
      await expect(pollPropertyFinderLeads(ctx.app.deps, pfId)).rejects.toThrow(/HTTP 50\d/);
    }
    const status = (await call('GET', 'sync-status/propertyfinder')).json().data;
    expect(status.runs.slice(0, 3).map((r: { status: string }) => r.status)).toEqual(['failed', 'failed', 'failed']);
    expect(status.runs[0].error).toMatch(/Property Finder answered HTTP 50\d/);
    const record = (await call('GET', 'propertyfinder')).json().data;
    expect(record).toMatchObject({ status: 'error' });
    expect(record.lastError).toMatch(/failed 3 times in a row/);
    // The other asset's account polls on regardless.
    pf.leads.push(pfLead('PF-OTHER-1', { listing: null }));
    await expect(pollPropertyFinderLeads(ctx.app.deps, otherPf)).resolves.toMatchObject({ stored: expect.any(Number) });
    expect((await ctx.db.integrationConfig.findUniqueOrThrow({ where: { id: otherPf } })).status).not.toBe('error');
    // A poll that works again clears the error.
    await pollPropertyFinderLeads(ctx.app.deps, pfId);
    expect((await call('GET', 'propertyfinder')).json().data).toMatchObject({ status: 'connected', lastError: null });
  });

  it('logs every inbound and outbound call, and no secret, whole phone or whole email reaches an answer or a log', async () => {
    const logs = await call('GET', 'logs?limit=200');
    expect(logs.statusCode, logs.body).toBe(200);
    const entries = logs.json().data as { direction: string; operation: string; outcome: string }[];
    expect(
      entries.some((e) => e.direction === 'inbound' && e.operation === 'POST webhook/propertyfinder' && e.outcome === 'duplicate'),
    ).toBe(true);
    expect(entries.some((e) => e.direction === 'outbound' && e.operation === 'GET /v1/leads' && e.outcome === 'ok')).toBe(true);
    expect(entries.some((e) => e.direction === 'outbound' && e.operation === 'POST /v1/auth/token' && e.outcome === 'failed')).toBe(true);
    expect(logs.body).toContain('o***@example.com');
    const stored = JSON.stringify(await ctx.db.integrationLog.findMany());
    const everything = [...answers, stored, ...logLines].join('\n');
    const secrets = [...Object.values(pfSecrets), ...Object.values(bayutSecrets), 'eyJhbGciOiJIUzI1NiJ9.fake.token'];
    for (const secret of secrets) expect(everything).not.toContain(secret);
    expect(stored).not.toContain(EMAIL);
    expect(stored).not.toContain('501234567');
    expect(stored).not.toContain('0501112233');
  });

  it('keeps the integration log 90 days', async () => {
    const integration = { id: pfId, assetId: world.asset.id, name: 'propertyfinder' };
    const old = await ctx.db.integrationLog.create({
      data: {
        assetId: integration.assetId,
        integrationId: pfId,
        provider: 'propertyfinder',
        direction: 'inbound',
        operation: 'POST webhook/propertyfinder',
        outcome: 'ok',
        createdAt: new Date(Date.now() - 91 * 24 * 60 * 60 * 1000),
      },
    });
    const kept = await ctx.db.integrationLog.count({ where: { integrationId: pfId } });
    expect(await pruneIntegrationLogs(ctx.app.deps)).toBeGreaterThanOrEqual(1);
    expect(await ctx.db.integrationLog.findUnique({ where: { id: old.id } })).toBeNull();
    expect(await ctx.db.integrationLog.count({ where: { integrationId: integration.id } })).toBe(kept - 1);
  });
});
