import { Writable } from 'node:stream';
import { type Job, UnrecoverableError } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS as P } from '@crm/domain';
import {
  signWhatsApp,
  startWhatsAppFake,
  WHATSAPP_FAKE,
  whatsAppNotification,
  type WhatsAppFake,
} from '../../../../../test/fakes/whatsapp.fake.js';
import { createRole, createUser, loginAs, uniqueSuffix } from '../../../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../../../test/test-app.js';
import { createLeadWorld, leadPayload, MANAGER_PERMISSIONS, type LeadWorld } from '../../../leads/testing.js';
import { MessageNotYetStored, whatsAppEventJob } from './whatsapp-event.job.js';
import { sendFeedbackRequest, sendTrigger } from './whatsapp-trigger.job.js';

// WhatsApp end to end over real PostgreSQL, Redis and BullMQ workers, Meta's Graph API a local fake: the webhook's
// handshake and signature, a message landing in the lead's conversations (a known customer's open lead, or a new
// general lead for an unknown number), redeliveries ignored, statuses, the 24-hour rule, template sends, the
// lead-created trigger, the lookups, the guard's 409, a failing Meta, and no secret in any answer or log.

let ctx: TestContext;
let wa: WhatsAppFake;
let world: LeadWorld;
let other: LeadWorld;
let admin: { authorization: string };
let otherAdmin: { authorization: string };
let integrationId: string;
const logLines: string[] = [];
const answers: string[] = [];

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function api(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, headers = admin) {
  const res = await ctx.app.inject({ method, url: `/api/${url}`, headers, ...(payload ? { payload } : {}) });
  answers.push(res.body);
  return res;
}

async function deliver(body: object, signature?: string | null, id = integrationId) {
  const raw = JSON.stringify(body);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/integrations/whatsapp/webhook/${id}`,
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'x-hub-signature-256': signature ?? signWhatsApp(raw) }),
    },
    payload: raw,
  });
  answers.push(res.body);
  return res;
}

/** A customer of the world with a UAE mobile number; answers its WhatsApp id. */
async function customerWithPhone(firstName = 'Layla') {
  const customer = await world.customer();
  const national = `50${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;
  await ctx.db.customer.update({
    where: { id: customer.id },
    data: { firstName, phoneCode: '+971', phone: national, phoneNumber: `+971${national}` },
  });
  return { id: customer.id, waId: `971${national}` };
}

async function createLead(customerId: string) {
  const res = await api('POST', 'properties/leads/create', leadPayload(world, customerId));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { _id: string; leadID: string };
}

const conversationsOf = (leadId: string) => api('GET', `properties/leads/${leadId}/conversations`);

beforeAll(async () => {
  wa = await startWhatsAppFake();
  const loggerStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  ctx = await createTestApp({
    envOverrides: { RUN_WORKERS: 'true', JOBS_CLOSE_TIMEOUT_MS: '500', INTEGRATION_BASE_URL_WHATSAPP: wa.url, LOG_LEVEL: 'debug' },
    loggerStream,
  });
  world = await createLeadWorld(ctx);
  other = await createLeadWorld(ctx, { assetName: 'Other WhatsApp Asset' });
  const role = await createRole(ctx, [P.INTEGRATIONS_VIEW, ...MANAGER_PERMISSIONS], { company: world.company });
  admin = await loginAs(ctx, (await createUser(ctx, { role, assets: [world.asset], fullName: 'Admin Ada' })).email);
  const otherRole = await createRole(ctx, [P.INTEGRATIONS_VIEW, ...MANAGER_PERMISSIONS], { company: other.company });
  otherAdmin = await loginAs(ctx, (await createUser(ctx, { role: otherRole, assets: [other.asset] })).email);
  const saved = await api('PATCH', `assets/${world.asset.id}/integrations/whatsapp`, {
    enabled: true,
    config: {
      wabaId: WHATSAPP_FAKE.wabaId,
      phoneNumberId: WHATSAPP_FAKE.phoneNumberId,
      displayNumber: WHATSAPP_FAKE.displayNumber,
      language: 'en',
    },
    secrets: { accessToken: WHATSAPP_FAKE.accessToken, appSecret: WHATSAPP_FAKE.appSecret, verifyToken: WHATSAPP_FAKE.verifyToken },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  integrationId = saved.json().data._id;
});
afterAll(async () => {
  await ctx?.close();
  await wa?.close();
});

describe('WhatsApp webhook', () => {
  it('shows its webhook URL and answers Meta’s handshake only with our verify token', async () => {
    const record = (await api('GET', `assets/${world.asset.id}/integrations/whatsapp`)).json().data;
    expect(record.webhookUrl).toMatch(new RegExp(`/api/integrations/whatsapp/webhook/${integrationId}$`));
    const url = (token: string) =>
      `/api/integrations/whatsapp/webhook/${integrationId}?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`;
    const ok = await ctx.app.inject({ method: 'GET', url: url(WHATSAPP_FAKE.verifyToken) });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    const refused = await ctx.app.inject({ method: 'GET', url: url('not-our-token') });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('1158201444');
  });

  it('refuses a missing or wrong signature with 401 and stores nothing', async () => {
    const body = whatsAppNotification({ messages: [{ from: '971509990001', id: `wamid.unsigned-${uniqueSuffix()}`, text: 'Hi' }] });
    expect((await deliver(body, null)).statusCode).toBe(401);
    expect((await deliver(body, signWhatsApp(JSON.stringify(body), 'not-the-app-secret'))).statusCode).toBe(401);
    expect((await deliver(body, 'sha256=zz')).statusCode).toBe(401);
    expect(await ctx.db.webhookEvent.count({ where: { integrationId } })).toBe(0);
    expect(await ctx.db.message.count({ where: { assetId: world.asset.id } })).toBe(0);
    const rejected = await ctx.db.integrationLog.findMany({
      where: { integrationId, outcome: 'rejected', operation: 'POST webhook/whatsapp' },
    });
    expect(rejected.length).toBe(3);
    expect(rejected.every((row) => row.requestBody === null)).toBe(true);
  });

  it('a WhatsApp message lands in the lead’s conversations (the customer’s open lead), once however often delivered', async () => {
    const customer = await customerWithPhone();
    const lead = await createLead(customer.id);
    const wamid = `wamid.in-${uniqueSuffix()}`;
    const body = whatsAppNotification({
      messages: [{ from: customer.waId, id: wamid, text: 'Is the Marina flat still available?', name: 'Layla' }],
    });
    const first = await deliver(body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ data: { received: true, duplicate: false } });
    const listed = await waitFor(
      async () => (await conversationsOf(lead._id)).json(),
      (answer) => answer.data?.[0]?.messageCount === 1,
    );
    expect(listed.warnings).toEqual([]);
    expect(listed.data).toHaveLength(1);
    const [conversation] = listed.data;
    expect(conversation).toMatchObject({ channel: 'whatsapp', externalId: customer.waId, lead: lead._id, customer: customer.id });
    expect(conversation.lastMessage).toMatchObject({
      direction: 'in',
      body: 'Is the Marina flat still available?',
      status: 'received',
      externalId: wamid,
    });
    expect(Date.parse(conversation.freeTextUntil) - Date.parse(conversation.lastInboundAt)).toBe(24 * 3_600_000);

    const again = await deliver(body);
    expect(again.json()).toEqual({ data: { received: true, duplicate: true } });
    const one = await api('GET', `properties/leads/${lead._id}/conversations/${conversation._id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data.messages).toHaveLength(1);
    expect(await ctx.db.lead.count({ where: { customerId: customer.id } })).toBe(1);
    expect(await ctx.db.integrationLog.count({ where: { integrationId, outcome: 'duplicate' } })).toBeGreaterThan(0);
  });

  it('makes a general lead, routed by the engine, with a new customer for a number we do not know', async () => {
    const waId = `97155${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;
    const wamid = `wamid.new-${uniqueSuffix()}`;
    expect(
      (
        await deliver(
          whatsAppNotification({ messages: [{ from: waId, id: wamid, text: 'I am looking for a villa', name: 'Omar 🏠 Haddad' }] }),
        )
      ).statusCode,
    ).toBe(200);
    const leads = await waitFor(
      () =>
        ctx.db.lead.findMany({
          where: { assetId: world.asset.id, inputSource: 'whatsapp', sourceDataId: wamid },
          include: { customer: true },
        }),
      (rows) => rows.length > 0,
    );
    expect(leads).toHaveLength(1);
    const lead = leads[0];
    expect(lead).toMatchObject({
      type: 'general',
      contactMethod: 'WhatsApp',
      source: 'WhatsApp',
      remarks: 'I am looking for a villa',
      status: 'Open',
    });
    expect(world.agents.map((a) => a.member.id)).toContain(lead?.agentId);
    expect(lead?.customer).toMatchObject({ firstName: 'Omar', lastName: 'Haddad', phoneNumber: `+${waId}`, email: null });
    const listed = await waitFor(
      async () => (await conversationsOf(lead?.id ?? '')).json(),
      (answer) => answer.data?.length === 1,
    );
    expect(listed.data[0].lastMessage).toMatchObject({ body: 'I am looking for a villa', direction: 'in' });
    // The customer's next message joins that lead: no second lead.
    await deliver(whatsAppNotification({ messages: [{ from: waId, id: `wamid.next-${uniqueSuffix()}`, text: 'With a garden' }] }));
    await waitFor(
      () => ctx.db.message.count({ where: { conversation: { leadId: lead?.id } } }),
      (count) => count === 2,
    );
    expect(await ctx.db.lead.count({ where: { customerId: lead?.customerId } })).toBe(1);
  });

  it('ignores another number of the same app and acknowledges other fields', async () => {
    const wamid = `wamid.other-number-${uniqueSuffix()}`;
    const res = await deliver(
      whatsAppNotification({ phoneNumberId: '999000999', messages: [{ from: '971501110000', id: wamid, text: 'x' }] }),
    );
    expect(res.statusCode).toBe(200);
    const template = await deliver({
      object: 'whatsapp_business_account',
      entry: [{ id: '1', changes: [{ field: 'message_template_status_update', value: { event: 'APPROVED' } }] }],
    });
    expect(template.statusCode).toBe(200);
    expect(await ctx.db.webhookEvent.count({ where: { integrationId, externalEventId: `message:${wamid}` } })).toBe(0);
  });
});

describe('sending from a lead', () => {
  it('refuses free text outside the 24-hour window with a clear 409, and sends it inside', async () => {
    const customer = await customerWithPhone('Sara');
    const lead = await createLead(customer.id);
    const never = await api('POST', `properties/leads/${lead._id}/conversations/whatsapp/messages`, { text: 'Hello!' });
    expect(never.statusCode).toBe(409);
    expect(never.json()).toMatchObject({
      code: 'CONFLICT',
      message: "Free text can only be sent within 24 hours of the customer's last WhatsApp message. Send a template instead.",
      data: { provider: 'whatsapp', reason: 'FREE_TEXT_WINDOW_CLOSED', freeTextUntil: null },
    });
    await deliver(whatsAppNotification({ messages: [{ from: customer.waId, id: `wamid.sara-${uniqueSuffix()}`, text: 'Hi, call me' }] }));
    const conversation = await waitFor(
      () => ctx.db.conversation.findFirst({ where: { leadId: lead._id } }),
      (row) => row?.lastInboundAt !== null && row !== null,
    );
    const sent = await api('POST', `properties/leads/${lead._id}/conversations/whatsapp/messages`, {
      text: 'Of course, calling in 5 minutes.',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const message = sent.json().data.message;
    expect(message).toMatchObject({ direction: 'out', status: 'sent', body: 'Of course, calling in 5 minutes.', authorName: 'Admin Ada' });
    expect(wa.sent.find((m) => m.wamid === message.externalId)).toMatchObject({
      to: customer.waId,
      type: 'text',
      text: 'Of course, calling in 5 minutes.',
    });

    // 25 hours after the customer's last message the window is closed again.
    await ctx.db.conversation.update({ where: { id: conversation?.id }, data: { lastInboundAt: new Date(Date.now() - 25 * 3_600_000) } });
    const late = await api('POST', `properties/leads/${lead._id}/conversations/whatsapp/messages`, { text: 'Are you there?' });
    expect(late.statusCode).toBe(409);
    expect(late.json().data.reason).toBe('FREE_TEXT_WINDOW_CLOSED');
    expect(late.json().data.freeTextUntil).toMatch(/^\d{4}-/);
  });

  it('sends an approved template any time, with its values, and refuses unknown ones or a wrong count with 400', async () => {
    const customer = await customerWithPhone('Noor');
    const lead = await createLead(customer.id);
    const url = `properties/leads/${lead._id}/conversations/whatsapp/messages`;
    const wrongCount = await api('POST', url, { template: { name: 'lead_acknowledgement', parameters: ['Noor'] } });
    expect(wrongCount.statusCode).toBe(400);
    expect(wrongCount.json().data['template.parameters'][0]).toMatch(/takes 3 values/);
    const pending = await api('POST', url, { template: { name: 'spring_offers', parameters: ['Noor'] } });
    expect(pending.statusCode).toBe(400);
    expect(pending.json().data['template.name']).toEqual(["WhatsApp has no approved template 'spring_offers' in 'en'."]);
    const empty = await api('POST', url, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().data.text).toEqual(['Write a message or pick a template.']);

    const res = await api('POST', url, { template: { name: 'lead_acknowledgement', parameters: ['Noor', 'Agent Ann', 'L-1'] } });
    expect(res.statusCode, res.body).toBe(201);
    const message = res.json().data.message;
    expect(message).toMatchObject({
      templateName: 'lead_acknowledgement',
      body: 'Hello Noor, thank you for your enquiry. Agent Ann will contact you shortly about L-1.',
      status: 'sent',
    });
    expect(wa.sent.find((m) => m.wamid === message.externalId)).toMatchObject({
      to: customer.waId,
      type: 'template',
      template: { name: 'lead_acknowledgement', language: 'en', parameters: ['Noor', 'Agent Ann', 'L-1'] },
    });

    // Meta's status webhooks move it forward, never back.
    const recipient = customer.waId;
    await deliver(whatsAppNotification({ statuses: [{ id: message.externalId, status: 'read', recipient }] }));
    await deliver(whatsAppNotification({ statuses: [{ id: message.externalId, status: 'delivered', recipient }] }));
    const stored = await waitFor(
      () => ctx.db.webhookEvent.findMany({ where: { integrationId, externalEventId: { startsWith: `status:${message.externalId}` } } }),
      (rows) => rows.length === 2 && rows.every((row) => row.status === 'processed'),
    );
    expect(stored.map((row) => row.status)).toEqual(['processed', 'processed']);
    const conversation = (await api('GET', `properties/leads/${lead._id}/conversations/${res.json().data.conversation}`)).json().data;
    expect(conversation.messages[0]).toMatchObject({ status: 'read' });
    expect(conversation.messages[0].readAt).not.toBeNull();
    expect(conversation.messages[0].deliveredAt).not.toBeNull();
  });

  it('answers 503 when Meta fails, stores nothing, and a failed delivery status records its reason', async () => {
    const customer = await customerWithPhone('Huda');
    const lead = await createLead(customer.id);
    const before = await ctx.db.message.count();
    wa.failNext(500);
    const res = await api('POST', `properties/leads/${lead._id}/conversations/whatsapp/messages`, {
      template: { name: 'viewing_reminder', parameters: [] },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/WhatsApp answered HTTP 500/);
    expect(await ctx.db.message.count()).toBe(before);

    const sent = await api('POST', `properties/leads/${lead._id}/conversations/whatsapp/messages`, {
      template: { name: 'viewing_reminder' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const wamid = sent.json().data.message.externalId;
    await deliver(
      whatsAppNotification({
        statuses: [{ id: wamid, status: 'failed', recipient: customer.waId, error: 'Receiver is incapable of receiving this message' }],
      }),
    );
    const failed = await waitFor(
      () => ctx.db.message.findFirst({ where: { externalId: wamid } }),
      (row) => row?.status === 'failed',
    );
    expect(failed).toMatchObject({ status: 'failed', error: '131026 Receiver is incapable of receiving this message' });
  });

  it('retries a status whose message is not stored yet, then notes and leaves one of a message we never sent', async () => {
    const statusEvent = (wamid: string, createdAt: Date) =>
      ctx.db.webhookEvent.create({
        data: {
          assetId: world.asset.id,
          integrationId,
          provider: 'whatsapp',
          externalEventId: `status:${wamid}:read`,
          payload: {
            kind: 'status',
            phoneNumberId: WHATSAPP_FAKE.phoneNumberId,
            wamid,
            status: 'read',
            at: new Date().toISOString(),
            error: null,
          },
          createdAt,
        },
      });
    const run = (webhookEventId: string) =>
      whatsAppEventJob.handle({ webhookEventId }, { deps: ctx.app.deps, job: { id: 'test' } as Job, signal: undefined });
    const young = await statusEvent(`wamid.young-${uniqueSuffix()}`, new Date());
    await expect(run(young.id)).rejects.toBeInstanceOf(MessageNotYetStored);
    const old = await statusEvent(`wamid.elsewhere-${uniqueSuffix()}`, new Date(Date.now() - 10 * 60_000));
    await run(old.id);
    expect(await ctx.db.webhookEvent.findUniqueOrThrow({ where: { id: old.id } })).toMatchObject({
      status: 'processed',
      error: expect.stringMatching(/status ignored/),
    });
  });

  it('answers the guard’s 409 where WhatsApp is not configured', async () => {
    const customer = await other.customer();
    const res = await api('POST', 'properties/leads/create', leadPayload(other, customer.id), otherAdmin);
    const lead = res.json().data;
    const send = await api('POST', `properties/leads/${lead._id}/conversations/whatsapp/messages`, { text: 'Hi' }, otherAdmin);
    expect(send.statusCode).toBe(409);
    expect(send.json().data).toEqual({ provider: 'whatsapp', reason: 'NOT_CONFIGURED' });
    const templates = await api('GET', `assets/${other.asset.id}/integrations/whatsapp/templates`, undefined, otherAdmin);
    expect(templates.statusCode).toBe(409);
    expect(templates.json().data).toEqual({ provider: 'whatsapp', reason: 'NOT_CONFIGURED' });
    // Its conversations are simply none.
    expect((await api('GET', `properties/leads/${lead._id}/conversations`, undefined, otherAdmin)).json().data).toEqual([]);
  });
});

describe('lookups, triggers and the connection test', () => {
  it('tests the connection with the phone number', async () => {
    const res = await api('POST', `assets/${world.asset.id}/integrations/whatsapp/test`);
    expect(res.json().data).toMatchObject({ ok: true, detail: 'WhatsApp accepted the credentials.' });
    expect(wa.requests.some((r) => r.method === 'GET' && r.path.startsWith(`/${WHATSAPP_FAKE.phoneNumberId}?fields=`))).toBe(true);
  });

  it('lists every template, page after page', async () => {
    const res = await api('GET', `assets/${world.asset.id}/integrations/whatsapp/templates`);
    expect(res.statusCode).toBe(200);
    const templates = res.json().data as { name: string; language: string; status: string; parameterCount: number }[];
    expect(templates.map((t) => `${t.name}/${t.language}/${t.status}/${t.parameterCount}`)).toEqual([
      'lead_acknowledgement/en/APPROVED/3',
      'viewing_reminder/en/APPROVED/0',
      'spring_offers/en/PENDING/1',
      'lead_acknowledgement/ar/APPROVED/1',
    ]);
    // An agent's send box offers the approved ones only, without INTEGRATIONS_VIEW.
    const lead = await createLead((await customerWithPhone('Iman')).id);
    const agent = await world.agents[0].headers();
    const offered = await api('GET', `properties/leads/${lead._id}/conversations/whatsapp/templates`, undefined, agent);
    expect(offered.statusCode, offered.body).toBe(200);
    expect(offered.json().data.map((t: { name: string; language: string }) => `${t.name}/${t.language}`)).toEqual([
      'lead_acknowledgement/en',
      'viewing_reminder/en',
      'lead_acknowledgement/ar',
    ]);
  });

  it('keeps the triggers in the config and sends the acknowledgement when a lead is created', async () => {
    const empty = await api('GET', `assets/${world.asset.id}/integrations/whatsapp/triggers`);
    expect(empty.json().data).toEqual([
      { event: 'lead.created', label: expect.any(String), template: null },
      { event: 'viewing.feedback', label: expect.any(String), template: null },
    ]);
    const bad = await api('PATCH', `assets/${world.asset.id}/integrations/whatsapp/triggers`, { triggers: { 'lead.won': 'x' } });
    expect(bad.statusCode).toBe(400);
    const set = await api('PATCH', `assets/${world.asset.id}/integrations/whatsapp/triggers`, {
      triggers: { 'lead.created': 'lead_acknowledgement' },
    });
    expect(set.json().data[0]).toEqual({ event: 'lead.created', label: expect.any(String), template: 'lead_acknowledgement' });
    const record = (await api('GET', `assets/${world.asset.id}/integrations/whatsapp`)).json().data;
    expect(record.config.triggers).toEqual({ 'lead.created': 'lead_acknowledgement' });
    expect(record.status).toBe('connected');

    const customer = await customerWithPhone('Mariam');
    const lead = await createLead(customer.id);
    const sent = await waitFor(
      async () => wa.sent.find((m) => m.to === customer.waId),
      (message) => message !== undefined,
    );
    const agent = await ctx.db.lead.findUniqueOrThrow({ where: { id: lead._id }, include: { agent: true } });
    expect(sent?.template).toEqual({
      name: 'lead_acknowledgement',
      language: 'en',
      parameters: ['Mariam', agent.agent?.name, lead.leadID],
    });
    const stored = await waitFor(
      () => ctx.db.message.findFirst({ where: { conversation: { leadId: lead._id }, trigger: 'lead.created' } }),
      (row) => row !== null,
    );
    expect(stored).toMatchObject({ direction: 'out', authorName: 'System', templateName: 'lead_acknowledgement', externalId: sent?.wamid });
    // Run again (BullMQ delivers at least once): nothing is sent twice.
    const count = wa.sent.length;
    expect(await sendTrigger(ctx.app.deps, world.asset.id, lead._id, 'lead.created')).toEqual({ skipped: 'already sent' });
    expect(wa.sent.length).toBe(count);

    await api('PATCH', `assets/${world.asset.id}/integrations/whatsapp/triggers`, { triggers: { 'lead.created': null } });
  });

  it('retries a trigger Meta fails (5xx) and gives up on a refusal', async () => {
    const customer = await customerWithPhone('Rana');
    const lead = await createLead(customer.id);
    await api('PATCH', `assets/${world.asset.id}/integrations/whatsapp/triggers`, { triggers: { 'lead.created': 'viewing_reminder' } });
    wa.failNext(502);
    const failing = sendTrigger(ctx.app.deps, world.asset.id, lead._id, 'lead.created');
    await expect(failing).rejects.toMatchObject({ statusCode: 503 });
    await api('PATCH', `assets/${world.asset.id}/integrations/whatsapp/triggers`, { triggers: { 'lead.created': 'no_such_template' } });
    await expect(sendTrigger(ctx.app.deps, world.asset.id, lead._id, 'lead.created')).rejects.toBeInstanceOf(UnrecoverableError);
    await api('PATCH', `assets/${world.asset.id}/integrations/whatsapp/triggers`, { triggers: { 'lead.created': null } });
  });
});

describe("a viewing's feedback request", () => {
  it('asks on WhatsApp with the signed review link, once, and never a customer who asked not to be disturbed', async () => {
    wa.templates.push({
      id: 'tpl-9',
      name: 'viewing_feedback',
      language: 'en',
      status: 'APPROVED',
      category: 'UTILITY',
      body: 'Hello {{1}}, how was your viewing with {{2}}? Rate it: {{3}}',
    });
    const triggers = `assets/${world.asset.id}/integrations/whatsapp/triggers`;
    expect((await api('PATCH', triggers, { triggers: { 'viewing.feedback': 'viewing_feedback' } })).statusCode).toBe(200);
    const doneViewing = async (firstName: string) => {
      // A customer without email: WhatsApp alone asks.
      const customer = await customerWithPhone(firstName);
      const lead = await createLead(customer.id);
      const created = await api('POST', 'viewings', { lead: lead._id, startsAt: new Date(Date.now() - 86_400_000).toISOString() });
      expect(created.statusCode, created.body).toBe(201);
      const viewingId: string = created.json().data._id;
      return { customer, lead, viewingId, done: () => api('PATCH', `viewings/${viewingId}`, { status: 'done' }) };
    };

    const asked = await doneViewing('Huda');
    expect((await asked.done()).statusCode).toBe(200);
    const sent = await waitFor(
      async () => wa.sent.find((m) => m.to === asked.customer.waId && m.template?.name === 'viewing_feedback'),
      (message) => message !== undefined,
    );
    const [first, agent, link] = sent?.template?.parameters ?? [];
    expect(first).toBe('Huda');
    expect(agent).toEqual(expect.any(String));
    const token = decodeURIComponent(/viewing-review\?token=([^&\s]+)/.exec(link ?? '')?.[1] ?? '');
    // The link opens the public review page's call.
    const invitation = await ctx.app.inject({ method: 'GET', url: `/api/public/v1/viewing-reviews/${encodeURIComponent(token)}` });
    expect(invitation.statusCode, invitation.body).toBe(200);
    await waitFor(
      () => ctx.db.message.findFirst({ where: { conversation: { leadId: asked.lead._id }, trigger: 'viewing.feedback' } }),
      (row) => row !== null,
    );
    const count = wa.sent.length;
    const again = await sendFeedbackRequest(ctx.app.deps, {
      assetId: world.asset.id,
      viewingId: asked.viewingId,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(again).toEqual({ skipped: 'already sent' });
    expect(wa.sent.length).toBe(count);

    const quiet = await doneViewing('Salma');
    await ctx.db.customer.update({ where: { id: quiet.customer.id }, data: { doNotDisturb: true } });
    expect((await quiet.done()).statusCode).toBe(200);
    const refused = await sendFeedbackRequest(ctx.app.deps, {
      assetId: world.asset.id,
      viewingId: quiet.viewingId,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(refused).toEqual({ skipped: 'the customer asked not to be disturbed' });
    expect(wa.sent.some((m) => m.to === quiet.customer.waId)).toBe(false);

    await api('PATCH', triggers, { triggers: { 'viewing.feedback': null } });
    wa.templates.splice(
      wa.templates.findIndex((t) => t.id === 'tpl-9'),
      1,
    );
  });
});

describe('secrets', () => {
  it('never reaches an answer, a log line or the integration log', async () => {
    const rows = await ctx.db.integrationLog.findMany({ where: { integrationId } });
    const stored = JSON.stringify(rows);
    for (const secret of [WHATSAPP_FAKE.accessToken, WHATSAPP_FAKE.appSecret, WHATSAPP_FAKE.verifyToken]) {
      expect(answers.join('\n')).not.toContain(secret);
      expect(logLines.join('\n')).not.toContain(secret);
      expect(stored).not.toContain(secret);
    }
    expect(rows.length).toBeGreaterThan(5);
  });
});
