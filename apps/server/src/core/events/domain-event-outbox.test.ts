import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_CODES } from '@crm/domain';
import { DNCR_FAKE_KEY, startDncrFake } from '../../../test/fakes/dncr.fake.js';
import type { FakeProvider } from '../../../test/fakes/fake-http.js';
import { INTERCOM_FAKE_TOKEN, startIntercomFake, type IntercomFake } from '../../../test/fakes/intercom.fake.js';
import { createRole, createTenant, createUser, loginAs, uniqueSuffix } from '../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createEventBus, defineSubscriber } from './domain-event.types.js';
import { deliverEvents, sweepEvents } from './domain-event-outbox.js';

// The transactional outbox (docs/architecture.md 'Domain events') over real PostgreSQL and Redis: a customer's write
// records customer.written in its own transaction; the Do Not Call check, the Intercom push and the marketing sync
// answer it once each; a process killed (SIGKILL) between the commit and the delivery loses none of them (the sweep
// delivers them, once); a subscriber that fails is tried again until it succeeds, and the others are not repeated.

let ctx: TestContext;
let dncr: FakeProvider;
let intercom: IntercomFake;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let headers: { authorization: string };
const secrets = {
  JWT_SECRET: randomBytes(32).toString('base64url'),
  INTERCOM_SECRET: randomBytes(16).toString('base64url'),
  INTEGRATIONS_ENC_KEY: randomBytes(32).toString('base64'),
};

const api = (method: 'POST' | 'PATCH', url: string, payload: object) => ctx.app.inject({ method, url: `/api/${url}`, headers, payload });

const customerBody = () => ({
  firstName: 'Outbox',
  lastName: uniqueSuffix(),
  email: `outbox-${uniqueSuffix()}@example.com`,
  phoneCode: '+971',
  phone: `50${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`,
  type: 'Client',
});

/** The jobs queued for the customer in the DNCR and Intercom queues (waiting, since no worker runs here). */
async function jobsOf(customerId: string) {
  const ids = async (queue: string) =>
    (await ctx.app.deps.jobs.queue(queue).getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']))
      .map((job) => job.id ?? '')
      .filter((id) => id.includes(customerId));
  return { dncr: await ids('dncr-check'), intercom: await ids('intercom-contact-push') };
}

beforeAll(async () => {
  dncr = await startDncrFake(new Set());
  intercom = await startIntercomFake();
  ctx = await createTestApp({
    envOverrides: { ...secrets, INTEGRATION_BASE_URL_DNCR: dncr.url, INTEGRATION_BASE_URL_INTERCOM: intercom.url },
  });
  tenant = await createTenant(ctx);
  const role = await createRole(ctx, [], { company: tenant.company, code: ROLE_CODES.SUPER_ADMIN });
  headers = await loginAs(ctx, (await createUser(ctx, { role, assets: [tenant.asset] })).email);
  const integrations = `assets/${tenant.asset.id}/integrations`;
  const dncrSaved = await api('PATCH', `${integrations}/dncr`, {
    enabled: true,
    config: { mode: 'api', cacheDays: 30 },
    secrets: { apiKey: DNCR_FAKE_KEY },
  });
  expect(dncrSaved.statusCode, dncrSaved.body).toBe(200);
  const intercomSaved = await api('PATCH', `${integrations}/intercom`, {
    enabled: true,
    config: { region: 'eu' },
    secrets: { accessToken: INTERCOM_FAKE_TOKEN },
  });
  expect(intercomSaved.statusCode, intercomSaved.body).toBe(200);
});
afterAll(async () => {
  await ctx?.close();
  await dncr?.close();
  await intercom?.close();
});

describe('a customer write', () => {
  it('records customer.written in its transaction and each subscriber answers it once', async () => {
    const res = await api('POST', 'customers', customerBody());
    expect(res.statusCode, res.body).toBe(201);
    const customerId = res.json().data._id as string;
    const [event] = await ctx.db.domainEvent.findMany({ where: { subjectId: customerId }, include: { deliveries: true } });
    expect(event).toMatchObject({ type: 'customer.written', subjectType: 'customers', assetId: tenant.asset.id, attempts: 0 });
    expect(event?.payload).toMatchObject({ customerId, created: true, numberChanged: true, contactChanged: true });
    expect(event?.dispatchedAt).not.toBeNull();
    // Every subscriber took it: done as a whole, with no delivery rows (those are kept only for a failed event).
    expect(event?.deliveries).toEqual([]);
    expect(await jobsOf(customerId)).toEqual({
      dncr: [`dncr-${customerId}-event-${event?.id}`],
      intercom: [`intercom-contact-${customerId}-event-${event?.id}`],
    });

    // A change of the email alone: Intercom is told, the registry is not asked again.
    const changed = await api('PATCH', `customers/${customerId}`, { email: `changed-${uniqueSuffix()}@example.com` });
    expect(changed.statusCode, changed.body).toBe(200);
    const jobs = await jobsOf(customerId);
    expect(jobs.dncr).toHaveLength(1);
    expect(jobs.intercom).toHaveLength(2);
  });

  it('that is refused records no event', async () => {
    const body = customerBody();
    expect((await api('POST', 'customers', body)).statusCode).toBe(201);
    const before = await ctx.db.domainEvent.count();
    const twin = await api('POST', 'customers', { ...body, email: `twin-${uniqueSuffix()}@example.com` });
    expect(twin.statusCode).toBe(409);
    expect(await ctx.db.domainEvent.count()).toBe(before);
  });
});

describe('a process killed between the commit and the delivery', () => {
  it('loses nothing: the sweep delivers the DNCR check, the Intercom push and the marketing sync, each once', async () => {
    const body = customerBody();
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
      INTEGRATION_BASE_URL_INTERCOM: intercom.url,
      ...secrets,
    };
    const writer = fileURLToPath(new URL('../../../test/fixtures/outbox-crash-writer.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', writer], {
      env: {
        ...process.env,
        OUTBOX_CRASH_ENV: JSON.stringify(env),
        OUTBOX_CRASH_TOKEN: headers.authorization.replace(/^Bearer /, ''),
        OUTBOX_CRASH_BODY: JSON.stringify(body),
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

    // Committed: the customer and its event, which nobody has delivered.
    const customer = await ctx.db.customer.findFirstOrThrow({ where: { email: body.email } });
    const event = await ctx.db.domainEvent.findFirstOrThrow({ where: { subjectId: customer.id }, include: { deliveries: true } });
    expect(event.dispatchedAt).toBeNull();
    expect(event.deliveries).toEqual([]);
    expect(await jobsOf(customer.id)).toEqual({ dncr: [], intercom: [] });

    // The sweep (here with no grace: the writer is gone) delivers it; a second sweep finds nothing to do.
    expect(await sweepEvents(ctx.app.deps, { graceMs: 0 })).toMatchObject({ failed: 0 });
    expect(await sweepEvents(ctx.app.deps, { graceMs: 0 })).toMatchObject({ delivered: 0, failed: 0 });
    const delivered = await ctx.db.domainEvent.findUniqueOrThrow({ where: { id: event.id }, include: { deliveries: true } });
    expect(delivered.dispatchedAt).not.toBeNull();
    expect(delivered.deliveries).toEqual([]);
    expect(await jobsOf(customer.id)).toEqual({
      dncr: [`dncr-${customer.id}-event-${event.id}`],
      intercom: [`intercom-contact-${customer.id}-event-${event.id}`],
    });
  }, 60_000);
});

describe('a subscriber that fails', () => {
  it('is tried again until it succeeds; the others are not repeated; each failure is in System Logs', async () => {
    const calls = { flaky: 0, steady: 0 };
    const bus = createEventBus([
      defineSubscriber({
        name: 'test-flaky',
        event: 'customer.written',
        handle: async () => {
          calls.flaky += 1;
          if (calls.flaky <= 2) throw new Error(`flaky failure ${calls.flaky}`);
        },
      }),
      defineSubscriber({
        name: 'test-steady',
        event: 'customer.written',
        handle: async () => {
          calls.steady += 1;
        },
      }),
    ]);
    // A write whose delivery is left to this test (its writer's bus has no subscribers of its own to reach here).
    const res = await api('POST', 'customers', customerBody());
    const customerId = res.json().data._id as string;
    const event = await ctx.db.domainEvent.findFirstOrThrow({ where: { subjectId: customerId } });
    await ctx.db.domainEvent.update({ where: { id: event.id }, data: { dispatchedAt: null } });
    const deps = { ...ctx.app.deps, events: bus };
    const only = { id: event.id };

    expect(await deliverEvents(deps, only)).toEqual({ delivered: 0, failed: 1 });
    expect(await deliverEvents(deps, only)).toEqual({ delivered: 0, failed: 1 });
    expect(await deliverEvents(deps, only)).toEqual({ delivered: 1, failed: 0 });
    expect(await deliverEvents(deps, only)).toEqual({ delivered: 0, failed: 0 });
    expect(calls).toEqual({ flaky: 3, steady: 1 });
    const row = await ctx.db.domainEvent.findUniqueOrThrow({ where: { id: event.id }, include: { deliveries: true } });
    expect(row).toMatchObject({ attempts: 2, lastError: 'test-flaky: flaky failure 2' });
    expect(row.dispatchedAt).not.toBeNull();
    // The steady subscriber's row, written when the event first failed, is what kept it from a second call.
    expect(row.deliveries.map((d) => d.subscriber)).toContain('test-steady');
    expect(row.deliveries.map((d) => d.subscriber)).not.toContain('test-flaky');
    const logs = await ctx.db.systemLog.findMany({ where: { source: 'event', message: { contains: event.id } } });
    expect(logs.map((log) => log.attempts).sort()).toEqual([1, 2]);
  });

  it('sets aside an event whose payload no longer fits its schema, and delivers the ones after it', async () => {
    const bad = await ctx.db.domainEvent.create({
      data: { type: 'customer.written', subjectType: 'customers', subjectId: 'gone', payload: { customerId: 'not-a-uuid' } },
    });
    const res = await api('POST', 'customers', customerBody());
    const good = await ctx.db.domainEvent.findFirstOrThrow({ where: { subjectId: res.json().data._id } });
    await ctx.db.domainEvent.update({ where: { id: good.id }, data: { dispatchedAt: null } });
    await ctx.db.domainEventDelivery.deleteMany({ where: { eventId: good.id } });
    expect(await deliverEvents(ctx.app.deps, { id: { in: [bad.id, good.id] } })).toEqual({ delivered: 1, failed: 1 });
    const setAside = await ctx.db.domainEvent.findUniqueOrThrow({ where: { id: bad.id } });
    expect(setAside.dispatchedAt).not.toBeNull();
    expect(setAside.lastError).toBe('payload does not match its schema');
    expect(await ctx.db.systemLog.count({ where: { event: 'domain-event.dropped', message: { contains: bad.id } } })).toBe(1);
  });

  it('prunes events delivered more than a week ago', async () => {
    const res = await api('POST', 'customers', customerBody());
    const customerId = res.json().data._id as string;
    await ctx.db.domainEvent.updateMany({
      where: { subjectId: customerId },
      data: { dispatchedAt: new Date(Date.now() - 8 * 86_400_000) },
    });
    const { pruned } = await sweepEvents(ctx.app.deps, { graceMs: 0 });
    expect(pruned).toBeGreaterThanOrEqual(1);
    expect(await ctx.db.domainEvent.count({ where: { subjectId: customerId } })).toBe(0);
  });
});
