import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_MESSAGES as M } from '@crm/domain';
import type { FakeProvider } from '../../../../../test/fakes/fake-http.js';
import { jsonBody } from '../../../../../test/fakes/fake-http.js';
import {
  SENDGRID_FAKE_KEY,
  SENDGRID_FAKE_LISTS,
  SENDGRID_WEBHOOK_PUBLIC_KEY,
  signEvents,
  startSendGridFake,
} from '../../../../../test/fakes/sendgrid.fake.js';
import { createTestApp, type TestContext } from '../../../../../test/test-app.js';
import { createLeadWorld, leadPayload, type LeadWorld } from '../../../leads/testing.js';
import { sendPendingMails } from '../../../notifications/testing.js';
import { assetApi, eventually, superAdminOf } from '../provider-test-kit.js';

// SendGrid against a local fake of its Web API v3: an asset's staff mails go through POST /v3/mail/send once SendGrid
// is on (SMTP before), a failing SendGrid fails the mail (never a silent SMTP fallback), customers reach the Marketing
// lists in a job, the contact-list lookup, and the signed Event Webhook marking bounces on the customer.

let ctx: TestContext;
let sendgrid: FakeProvider;
let world: LeadWorld;
let api: ReturnType<typeof assetApi>;
let admin: { authorization: string };
const CONFIG = {
  fromEmail: 'agents@acme-realty.example',
  fromName: 'Acme Realty',
  defaultListIds: [SENDGRID_FAKE_LISTS[0]?.id ?? ''],
  syncCustomers: true,
};

const mailsSent = () => sendgrid.requests.filter((r) => r.method === 'POST' && r.path === '/v3/mail/send');
/** A run of the notification mails, then what to read (the worker's tick may have sent some already). */
const afterMailRun =
  <T>(read: () => T | Promise<T>) =>
  async () => {
    await sendPendingMails(ctx.app.deps);
    return read();
  };
const webhookUrl = async () => (await api('GET', 'integrations/sendgrid')).json().data.webhookUrl as string;

async function newAssignedLead() {
  const customer = await world.customer();
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/properties/leads/create',
    headers: await world.manager.headers(),
    payload: leadPayload(world, customer.id),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { _id: string; leadID: string };
}

beforeAll(async () => {
  sendgrid = await startSendGridFake();
  ctx = await createTestApp({
    envOverrides: { RUN_WORKERS: 'true', JOBS_CLOSE_TIMEOUT_MS: '500', INTEGRATION_BASE_URL_SENDGRID: sendgrid.url },
  });
  world = await createLeadWorld(ctx);
  admin = await superAdminOf(ctx, world);
  api = assetApi(ctx, world, admin);
});
afterAll(async () => {
  await ctx?.close();
  await sendgrid?.close();
});

describe('SendGrid', () => {
  it('answers 409 for its lookup while not configured, and mails go over the server transport', async () => {
    const lookup = await api('GET', 'integrations/sendgrid/contacts-lists');
    expect(lookup.statusCode).toBe(409);
    expect(lookup.json().data).toEqual({ provider: 'sendgrid', reason: 'NOT_CONFIGURED' });
    const lead = await newAssignedLead();
    await eventually(
      afterMailRun(() => ctx.mailer.sent.filter((m) => m.subject.includes(lead.leadID))),
      (sent) => sent.length > 0,
    );
    expect(ctx.mailer.sent.some((m) => m.subject.includes(lead.leadID) && m.to === world.agents[0].email)).toBe(true);
    expect(mailsSent()).toHaveLength(0);
  });

  it('lists the contact lists once configured, with the key never in an answer', async () => {
    const saved = await api('PATCH', 'integrations/sendgrid', {
      enabled: true,
      config: { ...CONFIG, webhookPublicKey: SENDGRID_WEBHOOK_PUBLIC_KEY },
      secrets: { apiKey: SENDGRID_FAKE_KEY },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain(SENDGRID_FAKE_KEY);
    expect(saved.json().data.webhookUrl).toMatch(/\/api\/integrations\/sendgrid\/webhook\/[0-9a-f-]{36}$/);
    const lists = await api('GET', 'integrations/sendgrid/contacts-lists');
    expect(lists.statusCode, lists.body).toBe(200);
    expect(lists.json().data).toEqual([
      { id: SENDGRID_FAKE_LISTS[0]?.id, name: 'Buyers', detail: '42 contacts' },
      { id: SENDGRID_FAKE_LISTS[1]?.id, name: 'Newsletter', detail: '7 contacts' },
    ]);
    const logs = await api('GET', 'integrations/logs?provider=sendgrid');
    expect(logs.body).not.toContain(SENDGRID_FAKE_KEY);
  });

  it("sends the asset's notification mails through POST /v3/mail/send from its sender, not SMTP", async () => {
    const before = ctx.mailer.sent.length;
    const lead = await newAssignedLead();
    const mail = await eventually(
      afterMailRun(() => mailsSent().find((r) => r.body.includes(lead.leadID))),
      (found) => Boolean(found),
    );
    expect(mail?.headers.authorization).toBe(`Bearer ${SENDGRID_FAKE_KEY}`);
    const body = jsonBody(mail ?? { method: '', path: '', headers: {}, body: '' });
    expect(body).toMatchObject({
      personalizations: [{ to: [{ email: world.agents[0].email }] }],
      from: { email: CONFIG.fromEmail, name: CONFIG.fromName },
      subject: `Lead ${lead.leadID} was assigned to you`,
    });
    expect(ctx.mailer.sent.slice(before).some((m) => m.subject.includes(lead.leadID))).toBe(false);
    const row = await ctx.db.staffNotification.findFirstOrThrow({ where: { leadId: lead._id } });
    expect(row.emailStatus).toBe('sent');
  });

  it('marks the mail failed when SendGrid answers 5xx, and does not fall back to SMTP', async () => {
    await sendPendingMails(ctx.app.deps);
    const before = ctx.mailer.sent.length;
    sendgrid.failNext(503);
    const lead = await newAssignedLead();
    const row = await eventually(
      afterMailRun(() => ctx.db.staffNotification.findFirstOrThrow({ where: { leadId: lead._id } })),
      (found) => found.emailStatus !== 'pending',
    );
    expect(row.emailStatus).toBe('failed');
    expect(ctx.mailer.sent.length).toBe(before);
  });

  it('syncs a saved customer to the default lists in a job', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/customers',
      headers: admin,
      payload: {
        firstName: 'Layla',
        lastName: 'Haddad',
        email: 'layla@example.com',
        phoneCode: '+971',
        phone: '501112233',
        type: 'Client',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const put = await eventually(
      async () => sendgrid.requests.find((r) => r.method === 'PUT' && r.body.includes('layla@example.com')),
      (found) => Boolean(found),
    );
    expect(put?.path).toBe('/v3/marketing/contacts');
    expect(JSON.parse(put?.body ?? '{}')).toEqual({
      list_ids: CONFIG.defaultListIds,
      contacts: [
        {
          email: 'layla@example.com',
          first_name: 'Layla',
          last_name: 'Haddad',
          phone_number: '+971501112233',
          external_id: res.json().data._id,
        },
      ],
    });
  });

  it('marks a bounced customer from a signed event, once, and refuses an unsigned call', async () => {
    const customer = await ctx.db.customer.create({
      data: {
        companyId: world.company.id,
        assetId: world.asset.id,
        customerID: 'C-SG-1',
        firstName: 'Rami',
        fullName: 'Rami',
        email: 'rami@example.com',
      },
    });
    const url = new URL(await webhookUrl()).pathname;
    const body = JSON.stringify([
      {
        email: 'RAMI@example.com',
        event: 'bounce',
        timestamp: 1_767_225_600,
        sg_event_id: 'sg-evt-1',
        reason: '550 mailbox unavailable',
        type: 'bounce',
      },
      { email: 'rami@example.com', event: 'delivered', timestamp: 1_767_225_500, sg_event_id: 'sg-evt-0' },
    ]);
    const unsigned = await ctx.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(401);
    const huge = `[${'{"x":1},'.repeat(150_000)}{"x":1}]`;
    expect((await ctx.app.inject({ method: 'POST', url, payload: huge, headers: signEvents(huge) })).statusCode).toBe(413);
    const forged = await ctx.app.inject({ method: 'POST', url, payload: body.replace('bounce', 'spamreport'), headers: signEvents(body) });
    expect(forged.statusCode).toBe(401);

    const first = await ctx.app.inject({ method: 'POST', url, payload: body, headers: signEvents(body) });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ received: 1, duplicates: 0 });
    const marked = await eventually(
      () => ctx.db.customer.findUniqueOrThrow({ where: { id: customer.id } }),
      (row) => row.emailStatus !== null,
    );
    expect(marked.emailStatus).toBe('bounced');
    expect(marked.emailStatusAt?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    const again = await ctx.app.inject({ method: 'POST', url, payload: body, headers: signEvents(body) });
    expect(again.json().data).toEqual({ received: 0, duplicates: 1 });
    const answer = await ctx.app.inject({ method: 'GET', url: `/api/customers/${customer.id}`, headers: admin });
    expect(answer.json().data).toMatchObject({ emailStatus: 'bounced' });
    const history = await ctx.db.activityLog.findFirst({ where: { subjectId: customer.id, action: 'update' } });
    expect(history).not.toBeNull();
  });

  it('answers 409 to a signed event while SendGrid is switched off', async () => {
    await api('PATCH', 'integrations/sendgrid', { enabled: false });
    const url = new URL(await webhookUrl()).pathname;
    const body = JSON.stringify([{ email: 'x@example.com', event: 'unsubscribe', timestamp: 1_767_225_600, sg_event_id: 'sg-evt-9' }]);
    const res = await ctx.app.inject({ method: 'POST', url, payload: body, headers: signEvents(body) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: M.disabled('SendGrid'), data: { provider: 'sendgrid', reason: 'DISABLED' } });
    expect(await ctx.db.webhookEvent.count({ where: { externalEventId: 'sg-evt-9' } })).toBe(0);
  });
});
