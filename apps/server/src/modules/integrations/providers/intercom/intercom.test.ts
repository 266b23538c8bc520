import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS as P } from '@crm/domain';
import { INTERCOM_FAKE_TOKEN, startIntercomFake, type IntercomFake } from '../../../../../test/fakes/intercom.fake.js';
import { createRole, createUser, loginAs, uniqueSuffix } from '../../../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../../../test/test-app.js';
import { createLeadWorld, leadPayload, MANAGER_PERMISSIONS, type LeadWorld } from '../../../leads/testing.js';
import { ProviderCallError } from '../../provider-call.js';
import { pushCustomer } from './intercom-contact-push.job.js';

// Intercom over real PostgreSQL, Redis and BullMQ workers, its API a local fake: the connection test (GET /me), the
// contact and conversation attribute lookups, customers pushed as contacts by a job (found by external_id or email,
// created or updated), a lead's customer's conversations read into the lead's conversations (and shown from our copy
// with a warning when Intercom fails), the guard's 409, and no access token in any answer or log.

let ctx: TestContext;
let intercom: IntercomFake;
let world: LeadWorld;
let other: LeadWorld;
let admin: { authorization: string };
let otherAdmin: { authorization: string };
const logLines: string[] = [];
const answers: string[] = [];

async function waitFor<T>(read: () => T | Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
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

const integrations = (path: string) => `assets/${world.asset.id}/integrations/${path}`;

async function newCustomer(firstName: string) {
  const email = `${firstName.toLowerCase()}.${uniqueSuffix()}@example.com`;
  const phone = `50${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;
  const res = await api('POST', 'customers', { firstName, lastName: 'Saleh', email, phoneCode: '+971', phone });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().data._id as string, email, phoneNumber: `+971${phone}` };
}

beforeAll(async () => {
  intercom = await startIntercomFake();
  const loggerStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  ctx = await createTestApp({
    envOverrides: { RUN_WORKERS: 'true', JOBS_CLOSE_TIMEOUT_MS: '500', INTEGRATION_BASE_URL_INTERCOM: intercom.url, LOG_LEVEL: 'debug' },
    loggerStream,
  });
  world = await createLeadWorld(ctx);
  other = await createLeadWorld(ctx, { assetName: 'Other Intercom Asset' });
  const permissions = [P.INTEGRATIONS_VIEW, P.CUSTOMER_ADD, P.CUSTOMER_UPDATE, ...MANAGER_PERMISSIONS];
  const role = await createRole(ctx, permissions, { company: world.company });
  admin = await loginAs(ctx, (await createUser(ctx, { role, assets: [world.asset] })).email);
  const otherRole = await createRole(ctx, permissions, { company: other.company });
  otherAdmin = await loginAs(ctx, (await createUser(ctx, { role: otherRole, assets: [other.asset] })).email);
});
afterAll(async () => {
  await ctx?.close();
  await intercom?.close();
});

describe('Intercom', () => {
  it('answers the guard’s 409 before it is configured, then tests the connection with GET /me', async () => {
    const before = await api('GET', integrations('intercom/contact-attributes-list'));
    expect(before.statusCode).toBe(409);
    expect(before.json().data).toEqual({ provider: 'intercom', reason: 'NOT_CONFIGURED' });
    await api('PATCH', integrations('intercom'), { config: { region: 'eu' }, secrets: { accessToken: 'not-the-token-000000' } });
    const refused = await api('POST', integrations('intercom/test'));
    expect(refused.json().data).toMatchObject({ ok: false, detail: 'Intercom refused the credentials (HTTP 401).' });
    const disabled = await api('GET', integrations('intercom/contact-attributes-list'));
    expect(disabled.json().data).toEqual({ provider: 'intercom', reason: 'DISABLED' });

    await api('PATCH', integrations('intercom'), { enabled: true, secrets: { accessToken: INTERCOM_FAKE_TOKEN } });
    const ok = await api('POST', integrations('intercom/test'));
    expect(ok.json().data).toMatchObject({ ok: true, detail: 'Intercom accepted the credentials.' });
    const me = intercom.requests.filter((r) => r.path === '/me').at(-1);
    expect(me?.headers['intercom-version']).toBe('2.11');
  });

  it('lists the contact and conversation data attributes', async () => {
    const contact = await api('GET', integrations('intercom/contact-attributes-list'));
    expect(contact.statusCode, contact.body).toBe(200);
    expect(contact.json().data).toEqual([
      {
        name: 'email',
        fullName: 'email',
        label: 'Email',
        description: "The contact's email",
        dataType: 'string',
        custom: false,
        archived: false,
        apiWritable: true,
      },
      {
        name: 'budget',
        fullName: 'custom_attributes.budget',
        label: 'Budget',
        description: 'Budget in AED',
        dataType: 'float',
        custom: true,
        archived: false,
        apiWritable: true,
      },
    ]);
    const conversation = await api('GET', integrations('intercom/conversation-attributes-list'));
    expect(conversation.json().data.map((a: { name: string }) => a.name)).toEqual(['priority', 'listing_ref']);
    expect(intercom.requests.some((r) => r.path === '/data_attributes?model=conversation')).toBe(true);
  });

  it('pushes a new customer as a contact, updates it on a change, and adopts a contact with the same email', async () => {
    const customer = await newCustomer('Yara');
    const pushed = await waitFor(
      () => intercom.contacts.find((c) => c.external_id === customer.id),
      (contact) => contact !== undefined,
    );
    expect(pushed).toMatchObject({ email: customer.email, name: 'Yara Saleh', phone: customer.phoneNumber, role: 'user' });
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/customers/${customer.id}`,
      headers: admin,
      payload: { lastName: 'Haddad' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await waitFor(
      () => pushed?.name,
      (name) => name === 'Yara Haddad',
    );
    expect(intercom.contacts.filter((c) => c.external_id === customer.id)).toHaveLength(1);

    // A contact Intercom already has for that email (say, from its chat widget) is adopted, not duplicated.
    intercom.contacts.push({
      id: 'contact-widget-1',
      external_id: null,
      email: 'walk.in@example.com',
      name: null,
      phone: null,
      role: 'lead',
    });
    const walkIn = await api('POST', 'customers', {
      firstName: 'Walk',
      lastName: 'In',
      email: 'walk.in@example.com',
      phoneCode: '+971',
      phone: '502345600',
    });
    const walkInId = walkIn.json().data._id;
    await waitFor(
      () => intercom.contacts.find((c) => c.id === 'contact-widget-1')?.external_id,
      (externalId) => externalId === walkInId,
    );
    expect(intercom.contacts.filter((c) => c.email === 'walk.in@example.com')).toHaveLength(1);
  });

  it('retries a push Intercom fails (5xx) rather than taking it for done', async () => {
    const customer = await newCustomer('Dana');
    await waitFor(
      () => intercom.contacts.find((c) => c.external_id === customer.id),
      (contact) => contact !== undefined,
    );
    intercom.failNext(503);
    const failing = pushCustomer(ctx.app.deps, world.asset.id, customer.id);
    await expect(failing).rejects.toBeInstanceOf(ProviderCallError);
    await expect(failing).rejects.toMatchObject({ retryable: true, status: 503 });
  });

  it("shows the lead's customer's Intercom conversations in the lead's conversations, with their messages", async () => {
    const customer = await newCustomer('Rami');
    const contact = await waitFor(
      () => intercom.contacts.find((c) => c.external_id === customer.id),
      (found) => found !== undefined,
    );
    const created = await api('POST', 'properties/leads/create', leadPayload(world, customer.id));
    const lead = created.json().data as { _id: string };
    const at = Math.floor(Date.now() / 1000) - 3600;
    intercom.conversations.push({
      id: `conv-${uniqueSuffix()}`,
      title: 'Marina viewing',
      created_at: at,
      contactId: contact?.id ?? '',
      source: {
        id: 'src-1',
        body: '<p>Hello, can I view the <b>Marina</b> flat?</p>',
        created_at: at,
        author: { type: 'user', id: contact?.id ?? '', name: 'Rami Saleh' },
      },
      parts: [
        {
          id: 'part-1',
          body: '<p>Of course! Tomorrow at 10?</p>',
          created_at: at + 60,
          author: { type: 'admin', id: '991', name: 'Engage Admin' },
        },
        {
          id: 'part-2',
          body: '<p>Perfect &amp; thanks</p>',
          created_at: at + 120,
          author: { type: 'user', id: contact?.id ?? '', name: 'Rami Saleh' },
        },
      ],
    });
    const listed = await api('GET', `properties/leads/${lead._id}/conversations`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().warnings).toEqual([]);
    const [conversation] = listed.json().data;
    expect(conversation).toMatchObject({ channel: 'intercom', subject: 'Marina viewing', messageCount: 1, freeTextUntil: null });
    expect(conversation.lastMessage).toMatchObject({ direction: 'in', body: 'Hello, can I view the Marina flat?', status: 'received' });

    const one = await api('GET', `properties/leads/${lead._id}/conversations/${conversation._id}`);
    expect(
      one.json().data.messages.map((m: { direction: string; body: string; authorName: string }) => [m.direction, m.body, m.authorName]),
    ).toEqual([
      ['in', 'Hello, can I view the Marina flat?', 'Rami Saleh'],
      ['out', 'Of course! Tomorrow at 10?', 'Engage Admin'],
      ['in', 'Perfect & thanks', 'Rami Saleh'],
    ]);
    // Read again: nothing is stored twice.
    await api('GET', `properties/leads/${lead._id}/conversations/${conversation._id}`);
    expect(await ctx.db.message.count({ where: { conversationId: conversation._id } })).toBe(3);

    // Intercom down: our copy, with a warning saying so; never an error page, never a made-up success.
    intercom.failNext(500);
    const down = await api('GET', `properties/leads/${lead._id}/conversations`);
    expect(down.statusCode).toBe(200);
    expect(down.json().warnings).toEqual(['Intercom did not answer: its conversations are shown as last read.']);
    expect(down.json().data).toHaveLength(1);
  });

  it('reads nothing from Intercom for an asset that has not configured it', async () => {
    const customer = await other.customer();
    const lead = (await api('POST', 'properties/leads/create', leadPayload(other, customer.id), otherAdmin)).json().data;
    const before = intercom.requests.length;
    const res = await api('GET', `properties/leads/${lead._id}/conversations`, undefined, otherAdmin);
    expect(res.json()).toMatchObject({ data: [], warnings: [] });
    expect(intercom.requests.length).toBe(before);
  });

  it('never lets the access token reach an answer, a log line or the integration log', async () => {
    const rows = JSON.stringify(await ctx.db.integrationLog.findMany({ where: { provider: 'intercom' } }));
    expect(answers.join('\n')).not.toContain(INTERCOM_FAKE_TOKEN);
    expect(logLines.join('\n')).not.toContain(INTERCOM_FAKE_TOKEN);
    expect(rows).not.toContain(INTERCOM_FAKE_TOKEN);
    expect(rows).toContain('POST /contacts/search');
  });
});
