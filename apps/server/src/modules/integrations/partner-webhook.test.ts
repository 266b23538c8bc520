import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_MESSAGES as M, PERMISSIONS as P } from '@crm/domain';
import { createRole, createUser, loginAs } from '../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createLeadWorld, type LeadWorld } from '../leads/testing.js';
import { INTEGRATION_SAMPLES } from './integration-test-samples.js';
import { partnerSignature } from './partner-webhook.service.js';

// The partner-feed lead webhook over real PostgreSQL, Redis and BullMQ workers: a signed lead becomes a customer and
// a lead through the leads' own upsert (inputSource = provider, sourceDataId = partner id); a redelivery is
// acknowledged and makes nothing new (but queues a stored lead whose job was lost); a bad or stale signature answers 401, a switched-off partner 409.

let ctx: TestContext;
let world: LeadWorld;
let admin: { authorization: string };
let integrationId: string;
let listingReference: string;
const secret = INTEGRATION_SAMPLES.astra.secrets.sharedSecret ?? 'the sample has no shared secret';

const lead = (id: string, overrides: object = {}) => ({
  id,
  createdAt: '2026-11-25T09:00:00.000Z',
  contact: { name: 'Layla Haddad', phone: '+971 50 765 4321', email: 'layla.haddad@example.com' },
  listingReference,
  message: 'Looking for a 2 bedroom in the Marina',
  channel: 'whatsapp',
  ...overrides,
});

function post(body: object | string, options: { secret?: string; timestamp?: number; id?: string } = {}) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  return ctx.app.inject({
    method: 'POST',
    url: `/api/integrations/astra/webhook/${options.id ?? integrationId}`,
    headers: {
      'content-type': 'application/json',
      'x-timestamp': timestamp,
      'x-signature': partnerSignature(options.secret ?? secret, timestamp, Buffer.from(raw)),
    },
    payload: raw,
  });
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const eventOf = (externalEventId: string) =>
  waitFor(
    () => ctx.db.webhookEvent.findUnique({ where: { integrationId_externalEventId: { integrationId, externalEventId } } }),
    (event) => event?.status === 'processed' || event?.status === 'failed',
  );

beforeAll(async () => {
  ctx = await createTestApp({ envOverrides: { RUN_WORKERS: 'true', JOBS_CLOSE_TIMEOUT_MS: '500' } });
  world = await createLeadWorld(ctx);
  listingReference = (await ctx.db.listing.findUniqueOrThrow({ where: { id: world.listing.id } })).reference;
  const role = await createRole(ctx, [P.INTEGRATIONS_VIEW], { company: world.company });
  admin = await loginAs(ctx, (await createUser(ctx, { role, assets: [world.asset] })).email);
  const saved = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/assets/${world.asset.id}/integrations/astra`,
    headers: admin,
    payload: { enabled: true, ...INTEGRATION_SAMPLES.astra },
  });
  integrationId = saved.json().data._id;
});
afterAll(async () => ctx?.close());

describe('partner lead webhook', () => {
  it('turns a signed lead into a customer and a lead, once, however often it is delivered', async () => {
    const first = await post(lead('AST-L-1'));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ data: { received: true, duplicate: false } });
    const event = await eventOf('AST-L-1');
    expect(event?.status, event?.error ?? '').toBe('processed');
    const created = await ctx.db.lead.findUniqueOrThrow({ where: { id: event?.leadId ?? '' }, include: { customer: true } });
    expect(created).toMatchObject({
      assetId: world.asset.id,
      inputSource: 'astra',
      sourceDataId: 'AST-L-1',
      source: 'Astra',
      contactMethod: 'WhatsApp',
      type: 'listing',
      remarks: 'Looking for a 2 bedroom in the Marina',
    });
    expect(created.customer).toMatchObject({ fullName: 'Layla Haddad', phoneNumber: '+971507654321', email: 'layla.haddad@example.com' });

    const again = await post(lead('AST-L-1', { message: 'changed' }));
    expect(again.json()).toEqual({ data: { received: true, duplicate: true } });
    expect(await ctx.db.lead.count({ where: { assetId: world.asset.id, inputSource: 'astra', sourceDataId: 'AST-L-1' } })).toBe(1);
  });

  it('makes the lead of a call whose job was lost (Redis down, a stopped process) when the partner sends it again', async () => {
    const queue = ctx.app.deps.jobs.queue('partner-lead');
    await queue.pause();
    try {
      const first = await post(lead('AST-L-LOST'));
      expect(first.statusCode, first.body).toBe(200);
      // The event is stored but its job is gone, as when queueing it failed after the row was written.
      await queue.drain();
    } finally {
      await queue.resume();
    }
    const stored = await ctx.db.webhookEvent.findUniqueOrThrow({
      where: { integrationId_externalEventId: { integrationId, externalEventId: 'AST-L-LOST' } },
    });
    expect(stored.status).toBe('received');
    const again = await post(lead('AST-L-LOST'));
    expect(again.json()).toEqual({ data: { received: true, duplicate: true } });
    const event = await eventOf('AST-L-LOST');
    expect(event?.status, event?.error ?? '').toBe('processed');
    expect(await ctx.db.lead.count({ where: { assetId: world.asset.id, inputSource: 'astra', sourceDataId: 'AST-L-LOST' } })).toBe(1);
  });

  it('finds the customer again by phone for the next lead', async () => {
    await post(lead('AST-L-2', { contact: { name: 'Layla H.', phone: '050 765 4321', email: 'other@example.com' }, channel: 'call' }));
    const event = await eventOf('AST-L-2');
    expect(event?.status, event?.error ?? '').toBe('processed');
    const second = await ctx.db.lead.findUniqueOrThrow({ where: { id: event?.leadId ?? '' } });
    const first = await ctx.db.lead.findFirstOrThrow({ where: { sourceDataId: 'AST-L-1' } });
    expect(second.customerId).toBe(first.customerId);
    expect(second.contactMethod).toBe('Phone');
  });

  it('makes a general lead, the reference in its remarks, for a listing the asset does not have', async () => {
    await post(lead('AST-U-1', { listingReference: 'NOT-OURS-1' }));
    const event = await eventOf('AST-U-1');
    expect(event, event?.error ?? '').toMatchObject({ status: 'processed', error: null });
    const made = await ctx.db.lead.findUniqueOrThrow({ where: { id: event?.leadId ?? '' } });
    expect(made).toMatchObject({ type: 'general', listingId: null, projectId: null, inputSource: 'astra' });
    expect(made.remarks).toContain(M.generalLeadRemarks('NOT-OURS-1'));
  });

  it('answers 401 for a wrong secret, a stale timestamp or no signature, and stores nothing', async () => {
    expect((await post(lead('AST-X-1'), { secret: 'not-the-secret' })).statusCode).toBe(401);
    expect((await post(lead('AST-X-2'), { timestamp: Math.floor(Date.now() / 1000) - 600 })).statusCode).toBe(401);
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: `/api/integrations/astra/webhook/${integrationId}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(lead('AST-X-3')),
    });
    expect(unsigned.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
    expect(await ctx.db.webhookEvent.count({ where: { externalEventId: { startsWith: 'AST-X' } } })).toBe(0);
  });

  it('answers 400 for a body that is not a partner lead, 404 for another integration, 409 while switched off', async () => {
    const bad = await post({ id: 'AST-B-1', channel: 'fax' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data).toMatchObject({ channel: ['channel must be one of call, whatsapp, email, form.'] });
    expect((await post(lead('AST-N-1'), { id: '0190f0f0-0000-7000-8000-000000000000' })).statusCode).toBe(404);
    const huge = await post(lead('AST-H-1', { message: 'x'.repeat(1_100_000) }));
    expect(huge.json()).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE' });
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/assets/${world.asset.id}/integrations/astra`,
      headers: admin,
      payload: { enabled: false },
    });
    const off = await post(lead('AST-D-1'));
    expect(off.statusCode).toBe(409);
    expect(off.json().data).toEqual({ provider: 'astra', reason: 'DISABLED' });
  });

  it("answers 429 with Retry-After once an integration's webhook has had its calls for the minute", async () => {
    const app = await createTestApp({ envOverrides: { INTEGRATION_WEBHOOK_REQUESTS_PER_MINUTE: '2' } });
    try {
      const url = '/api/integrations/astra/webhook/0190f0f0-0000-7000-8000-000000000001';
      const answers = [];
      for (let i = 0; i < 3; i += 1)
        answers.push(await app.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '{}' }));
      expect(answers.map((res) => res.statusCode)).toEqual([404, 404, 429]);
      expect(answers[2]?.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
      expect(Number(answers[2]?.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });
});
