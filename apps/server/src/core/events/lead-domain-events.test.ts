import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DNCR_FAKE_KEY, startDncrFake } from '../../../test/fakes/dncr.fake.js';
import { AMPLITUDE_FAKE_KEY, startAmplitudeFake } from '../../../test/fakes/amplitude.fake.js';
import type { FakeProvider } from '../../../test/fakes/fake-http.js';
import { startWhatsAppFake, WHATSAPP_FAKE, type WhatsAppFake } from '../../../test/fakes/whatsapp.fake.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { deliverEvents, sweepEvents } from './domain-event-outbox.js';
import { createEventBus, defineBatchSubscriber, type AnyEventSubscriber } from './domain-event.types.js';
import { createLeadWorld, leadPayload, type LeadWorld } from '../../modules/leads/testing.js';
import { assetApi, LEAD_EVENT_SUBSCRIBERS, superAdminOf } from '../../modules/integrations/testing.js';

// A lead's side effects through the outbox (docs/architecture.md 'Domain events') over real PostgreSQL and Redis: a
// lead created through the API records lead.created in its transaction, and the Do Not Call check, the WhatsApp
// trigger and the product event each follow once; a process killed (SIGKILL) between the commit and the delivery
// loses none of them (the sweep delivers each once); a subscriber that fails twice delivers once, the others are not
// repeated; the new-lead subscribers take a batch of leads in one call.

let ctx: TestContext;
let dncr: FakeProvider;
let wa: WhatsAppFake;
let amp: FakeProvider;
let world: LeadWorld;
const secrets = { JWT_SECRET: randomBytes(32).toString('base64url'), INTEGRATIONS_ENC_KEY: randomBytes(32).toString('base64') };
const CREATED_SUBSCRIBERS = ['lead-dncr-check', 'lead-product-event-created', 'lead-whatsapp-trigger'];

/** A lead of a new customer with a number, through the API. */
async function createLead(): Promise<{ leadId: string; customerId: string }> {
  const customerId = (await world.customer()).id;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/properties/leads/create',
    headers: await world.manager.headers(),
    payload: leadPayload(world, customerId),
  });
  expect(res.statusCode, res.body).toBe(201);
  const leadId = res.json().data._id as string;
  // Lead intake answers first and delivers the batch's lead.created right after.
  await expect.poll(async () => (await createdEventOf(leadId)).dispatchedAt, { timeout: 10_000 }).not.toBeNull();
  return { leadId, customerId };
}

/** What the lead's side effects left: the queued DNCR and WhatsApp jobs (no worker runs here), its product events. */
async function effectsOf(lead: { leadId: string; customerId: string }) {
  const ids = async (queue: string, part: string) =>
    (await ctx.app.deps.jobs.queue(queue).getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']))
      .map((job) => job.id ?? '')
      .filter((id) => id.includes(part));
  return {
    dncr: await ids('dncr-check', lead.customerId),
    whatsapp: await ids('whatsapp-trigger', lead.leadId),
    productEvents: (await ctx.db.productEvent.findMany({ where: { subjectId: lead.leadId } })).map((event) => event.key),
  };
}

const expectedEffects = (lead: { leadId: string; customerId: string }, eventId: string) => ({
  dncr: [`dncr-${lead.customerId}-event-${eventId}`],
  whatsapp: [`whatsapp-trigger-lead-created-${lead.leadId}-event-${eventId}`],
  productEvents: [`lead.created:${lead.leadId}:new`],
});

const createdEventOf = (leadId: string) =>
  ctx.db.domainEvent.findFirstOrThrow({ where: { subjectId: leadId, type: 'lead.created' }, include: { deliveries: true } });

beforeAll(async () => {
  [dncr, wa, amp] = await Promise.all([startDncrFake(new Set()), startWhatsAppFake(), startAmplitudeFake()]);
  ctx = await createTestApp({
    envOverrides: {
      ...secrets,
      INTEGRATION_BASE_URL_DNCR: dncr.url,
      INTEGRATION_BASE_URL_WHATSAPP: wa.url,
      INTEGRATION_BASE_URL_AMPLITUDE: amp.url,
    },
  });
  world = await createLeadWorld(ctx);
  const api = assetApi(ctx, world, await superAdminOf(ctx, world));
  const saves = [
    await api('PATCH', 'integrations/dncr', { enabled: true, config: { mode: 'api', cacheDays: 30 }, secrets: { apiKey: DNCR_FAKE_KEY } }),
    await api('PATCH', 'integrations/whatsapp', {
      enabled: true,
      config: {
        wabaId: WHATSAPP_FAKE.wabaId,
        phoneNumberId: WHATSAPP_FAKE.phoneNumberId,
        displayNumber: WHATSAPP_FAKE.displayNumber,
        language: 'en',
      },
      secrets: { accessToken: WHATSAPP_FAKE.accessToken, appSecret: WHATSAPP_FAKE.appSecret, verifyToken: WHATSAPP_FAKE.verifyToken },
    }),
    await api('PATCH', 'integrations/whatsapp/triggers', { triggers: { 'lead.created': 'lead_acknowledgement' } }),
    await api('PATCH', 'integrations/amplitude', { enabled: true, config: { region: 'us' }, secrets: { apiKey: AMPLITUDE_FAKE_KEY } }),
  ];
  for (const saved of saves) expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await ctx?.close();
  await Promise.all([dncr?.close(), wa?.close(), amp?.close()]);
});

describe('a lead created through the API', () => {
  it('records lead.created in its transaction; the DNCR check, WhatsApp trigger and product event follow once', async () => {
    const lead = await createLead();
    const event = await createdEventOf(lead.leadId);
    expect(event).toMatchObject({ subjectType: 'leads', assetId: world.asset.id, companyId: world.company.id, attempts: 0 });
    expect(event.payload).toMatchObject({ leadId: lead.leadId, customerId: lead.customerId, assetId: world.asset.id });
    expect(event.dispatchedAt).not.toBeNull();
    // Every subscriber took it: done as a whole, no delivery rows (kept only for a failed event).
    expect(
      ctx.app.deps.events
        ?.subscribersOf('lead.created')
        .map((s) => s.name)
        .sort(),
    ).toEqual(CREATED_SUBSCRIBERS);
    expect(event.deliveries).toEqual([]);
    expect(await effectsOf(lead)).toEqual(expectedEffects(lead, event.id));

    // Delivered again from scratch (at least once): the jobs' ids are the event's, so nothing more is queued.
    await ctx.db.domainEventDelivery.deleteMany({ where: { eventId: event.id } });
    await ctx.db.domainEvent.update({ where: { id: event.id }, data: { dispatchedAt: null } });
    expect(await deliverEvents(ctx.app.deps, { id: event.id })).toEqual({ delivered: 1, failed: 0 });
    expect(await effectsOf(lead)).toEqual(expectedEffects(lead, event.id));
  });

  it('records lead.accepted and lead.stage_changed with the changes, each a product event once', async () => {
    const lead = await createLead();
    const agentId = (await ctx.db.lead.findUniqueOrThrow({ where: { id: lead.leadId } })).agentId;
    const agent = world.agents.find((a) => a.member.id === agentId);
    if (!agent) throw new Error('the lead went to an agent outside the world');
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: `/api/properties/leads/accept/${lead.leadId}`,
      headers: await agent.headers(),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const staged = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/properties/leads/stage/${lead.leadId}`,
      headers: await world.manager.headers(),
      payload: { stage: 'Qualified', status: 'Open' },
    });
    expect(staged.statusCode, staged.body).toBe(200);
    const events = await ctx.db.domainEvent.findMany({ where: { subjectId: lead.leadId }, orderBy: { createdAt: 'asc' } });
    expect(events.map((e) => e.type)).toEqual(['lead.created', 'lead.accepted', 'lead.stage_changed']);
    expect(events.every((e) => e.dispatchedAt !== null)).toBe(true);
    expect(events[2]?.payload).toMatchObject({ stage: 'Qualified', previousStage: 'New', customerId: lead.customerId });
    const types = (await ctx.db.productEvent.findMany({ where: { subjectId: lead.leadId } })).map((e) => e.type).sort();
    expect(types).toEqual(['lead.accepted', 'lead.created', 'lead.stage_changed']);
  });
});

describe('a process killed between the lead commit and the delivery', () => {
  it('loses nothing: the sweep delivers the DNCR check, the WhatsApp trigger and the product event, each once', async () => {
    const customerId = (await world.customer()).id;
    const env = {
      NODE_ENV: 'test',
      DATABASE_URL: ctx.database.url,
      REDIS_URL: ctx.env.REDIS_URL,
      REDIS_PREFIX: ctx.env.REDIS_PREFIX,
      RUN_WORKERS: 'false',
      LOG_LEVEL: 'silent',
      USER_REQUESTS_PER_MINUTE: '0',
      USER_CONCURRENT_REQUESTS: '0',
      INTEGRATION_BASE_URL_DNCR: dncr.url,
      INTEGRATION_BASE_URL_WHATSAPP: wa.url,
      INTEGRATION_BASE_URL_AMPLITUDE: amp.url,
      ...secrets,
    };
    const writer = fileURLToPath(new URL('../../../test/fixtures/outbox-crash-writer.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', writer], {
      env: {
        ...process.env,
        OUTBOX_CRASH_ENV: JSON.stringify(env),
        OUTBOX_CRASH_URL: '/api/properties/leads/create',
        OUTBOX_CRASH_TOKEN: (await world.manager.headers()).authorization.replace(/^Bearer /, ''),
        OUTBOX_CRASH_BODY: JSON.stringify(leadPayload(world, customerId)),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += String(chunk);
    });
    child.stderr.on('data', (chunk) => {
      output += String(chunk);
    });
    const ended = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    expect(ended, output).toEqual({ code: null, signal: 'SIGKILL' });

    // Committed: the lead and its event, which nobody has delivered.
    const saved = await ctx.db.lead.findFirstOrThrow({ where: { customerId } });
    const lead = { leadId: saved.id, customerId };
    const event = await createdEventOf(lead.leadId);
    expect(event.dispatchedAt).toBeNull();
    expect(event.deliveries).toEqual([]);
    expect(await effectsOf(lead)).toEqual({ dncr: [], whatsapp: [], productEvents: [] });

    // The restart's sweep (here with no grace: the writer is gone) delivers it; a second sweep finds nothing to do.
    expect(await sweepEvents(ctx.app.deps, { graceMs: 0 })).toMatchObject({ failed: 0 });
    expect(await sweepEvents(ctx.app.deps, { graceMs: 0 })).toMatchObject({ delivered: 0, failed: 0 });
    const delivered = await createdEventOf(lead.leadId);
    expect(delivered.dispatchedAt).not.toBeNull();
    expect(delivered.deliveries).toEqual([]);
    expect(await effectsOf(lead)).toEqual(expectedEffects(lead, event.id));
  }, 60_000);
});

/** The lead events' real subscribers, each counting the events it is handed; `failFirst` makes the named one fail. */
function countingBus(failFirst: { name: string; times: number } | null) {
  const calls = new Map<string, number[]>();
  let failures = 0;
  const wrapped = LEAD_EVENT_SUBSCRIBERS.map((subscriber): AnyEventSubscriber => {
    if (!subscriber.handleBatch) return subscriber;
    const inner = subscriber;
    return defineBatchSubscriber({
      name: inner.name,
      event: inner.event,
      handleBatch: async (deps, events) => {
        calls.set(inner.name, [...(calls.get(inner.name) ?? []), events.length]);
        if (failFirst?.name === inner.name && failures < failFirst.times) {
          failures += 1;
          throw new Error(`registry down ${failures}`);
        }
        await (inner.handleBatch as (d: typeof deps, e: typeof events) => Promise<void>)(deps, events);
      },
    });
  });
  return { bus: createEventBus(wrapped), calls };
}

/** Leads whose lead.created this test delivers itself (as if their writer had died). */
async function undeliveredLeads(count: number) {
  const leads = await Promise.all(Array.from({ length: count }, () => createLead()));
  const ids = leads.map((lead) => lead.leadId);
  const events = await ctx.db.domainEvent.findMany({ where: { subjectId: { in: ids }, type: 'lead.created' } });
  await ctx.db.domainEventDelivery.deleteMany({ where: { eventId: { in: events.map((e) => e.id) } } });
  await ctx.db.domainEvent.updateMany({ where: { id: { in: events.map((e) => e.id) } }, data: { dispatchedAt: null } });
  await ctx.app.deps.jobs.queue('dncr-check').obliterate({ force: true });
  await ctx.app.deps.jobs.queue('whatsapp-trigger').obliterate({ force: true });
  await ctx.db.productEvent.deleteMany({ where: { subjectId: { in: ids } } });
  return { leads, events };
}

describe('a lead subscriber that fails', () => {
  it('twice, then succeeds: its job is queued once, and the others are not repeated', async () => {
    const { leads, events } = await undeliveredLeads(1);
    const [lead] = leads;
    const [event] = events;
    if (!lead || !event) throw new Error('no lead');
    const { bus, calls } = countingBus({ name: 'lead-dncr-check', times: 2 });
    const deps = { ...ctx.app.deps, events: bus };
    const only = { id: event.id };
    expect(await deliverEvents(deps, only)).toEqual({ delivered: 0, failed: 1 });
    expect((await effectsOf(lead)).dncr).toEqual([]);
    expect(await deliverEvents(deps, only)).toEqual({ delivered: 0, failed: 1 });
    expect(await deliverEvents(deps, only)).toEqual({ delivered: 1, failed: 0 });
    expect(await deliverEvents(deps, only)).toEqual({ delivered: 0, failed: 0 });
    expect(Object.fromEntries(calls)).toEqual({
      'lead-dncr-check': [1, 1, 1],
      'lead-whatsapp-trigger': [1],
      'lead-product-event-created': [1],
    });
    expect(await effectsOf(lead)).toEqual(expectedEffects(lead, event.id));
    const row = await ctx.db.domainEvent.findUniqueOrThrow({ where: { id: event.id } });
    expect(row).toMatchObject({ attempts: 2, lastError: 'lead-dncr-check: registry down 2' });
    expect(await ctx.db.systemLog.count({ where: { source: 'event', message: { contains: event.id } } })).toBe(2);
  });
});

describe('new leads delivered together', () => {
  it('reach each new-lead subscriber in one call, with one job per lead', async () => {
    const { leads, events } = await undeliveredLeads(8);
    const { bus, calls } = countingBus(null);
    expect(await deliverEvents({ ...ctx.app.deps, events: bus }, { id: { in: events.map((e) => e.id) } })).toEqual({
      delivered: 8,
      failed: 0,
    });
    expect(Object.fromEntries(calls)).toEqual({
      'lead-dncr-check': [8],
      'lead-whatsapp-trigger': [8],
      'lead-product-event-created': [8],
    });
    for (const lead of leads) {
      const effects = await effectsOf(lead);
      expect(effects.dncr).toHaveLength(1);
      expect(effects.whatsapp).toHaveLength(1);
      expect(effects.productEvents).toEqual([`lead.created:${lead.leadId}:new`]);
    }
  });
});
