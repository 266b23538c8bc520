import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_MESSAGES as M, PERMISSIONS as P, PROPERTY_FINDER_WEBHOOK_EVENTS } from '@crm/domain';
import {
  PROPERTY_FINDER_FAKE_CREDENTIALS,
  PROPERTY_FINDER_FAKE_CREDENTIALS_2,
  startPropertyFinderFake,
  type PropertyFinderFake,
} from '../../../../../test/fakes/propertyfinder.fake.js';
import { createRole, createTenant, createUser, loginAs, type Tenant } from '../../../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../../../test/test-app.js';
import { secretBox } from '../../../../core/secret-box.js';
import { openAccountSecrets } from '../../integration-accounts.js';
import { secretsBinding } from '../../integration-record.js';
import { PORTAL_POLL_JOB_ID } from './pf-lead-poll.job.js';

// Several Property Finder accounts per asset (docs/api.md 'Property Finder accounts') over real PostgreSQL, Redis
// and BullMQ workers, Property Finder a local fake with two clients: each account saved subscribes its own webhooks
// (its own address and secret) and maps its users to members; multi-apps lists them; a test names one account or
// tests all; DELETE removes one with its subscriptions, its poll and its runs, leaving the other; the single setup
// of before accounts becomes the first account, its webhook address and secrets unchanged. No secret in any answer
// or log line.

let ctx: TestContext;
let pf: PropertyFinderFake;
let tenant: Tenant;
let other: Tenant;
let admin: { authorization: string };
const answers: string[] = [];
const logLines: string[] = [];
const WEBHOOK_SECRET_1 = 'pf-webhook-secret-first-01';
const WEBHOOK_SECRET_2 = 'pf-webhook-secret-second-2';

async function call(method: 'GET' | 'PATCH' | 'POST' | 'DELETE', path: string, payload?: object, asset = tenant.asset.id) {
  const res = await ctx.app.inject({
    method,
    url: `/api/assets/${asset}/integrations/${path}`,
    headers: admin,
    ...(payload ? { payload } : {}),
  });
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

const setupRun = (accountId: string) =>
  waitFor(
    () => ctx.db.syncRun.findFirst({ where: { accountId, kind: 'webhooks,members', status: { in: ['completed', 'failed'] } } }),
    (run) => run !== null,
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
  tenant = await createTenant(ctx);
  other = await createTenant(ctx, { assetName: 'Other PF Asset' });
  const role = await createRole(ctx, [P.INTEGRATIONS_VIEW], { company: tenant.company });
  admin = await loginAs(ctx, (await createUser(ctx, { role, assets: [tenant.asset] })).email);
  const member = (name: string, email: string) =>
    ctx.db.teamMember.create({
      data: { companyId: tenant.company.id, assetId: tenant.asset.id, name, email, enabled: true, isLeadProcessEnabled: true },
    });
  await member('Nadia Rahman', 'nadia@marina.example.com');
  await member('Omar Saleh', 'omar@downtown.example.com');
  pf.users.push(
    { id: 'u-1', email: 'NADIA@marina.example.com', firstName: 'Nadia', lastName: 'Rahman', publicProfile: { id: 'pp-101' } },
    { id: 'u-2', email: 'someone.else@example.com', firstName: 'Some', lastName: 'One', publicProfile: { id: 'pp-102' } },
  );
});
afterAll(async () => {
  await ctx?.close();
  await pf?.close();
});

describe('Property Finder accounts', () => {
  let first: string;
  let second: string;

  it('saves the first account, subscribes its webhooks with its secret, and maps its users to members by email', async () => {
    const saved = await call('PATCH', 'propertyfinder', {
      enabled: true,
      config: { label: 'Marina', publishByDefault: true },
      secrets: { ...PROPERTY_FINDER_FAKE_CREDENTIALS, webhookSecret: WEBHOOK_SECRET_1 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    first = saved.json().data._id;
    const run = await setupRun(first);
    expect(run, run?.error ?? '').toMatchObject({ status: 'completed', progressDone: 1, progressTotal: 2 });
    const url = `${ctx.env.APP_URL}/api/integrations/propertyfinder/webhook/${first}`;
    for (const event of PROPERTY_FINDER_WEBHOOK_EVENTS) {
      expect(pf.webhooks.get(`0:${event}`)).toEqual({ callbackUrl: url, secret: WEBHOOK_SECRET_1 });
    }
    const refs = await ctx.db.externalRef.findMany({ where: { accountId: first, entity: 'member' } });
    expect(refs.map((ref) => ref.externalId)).toEqual(['pp-101']);
    const [account] = (await call('GET', 'multi-apps/propertyfinder')).json().data;
    expect(account).toMatchObject({ _id: first, label: 'Marina', webhookUrl: url, webhookError: null, status: 'configured' });
    expect(account.webhookEvents).toEqual([...PROPERTY_FINDER_WEBHOOK_EVENTS]);
  });

  it("adds a second account ('new') with its own credentials, address and subscriptions", async () => {
    const added = await call('PATCH', 'propertyfinder', {
      account: 'new',
      config: { label: 'Downtown', publishByDefault: false },
      secrets: { ...PROPERTY_FINDER_FAKE_CREDENTIALS_2, webhookSecret: WEBHOOK_SECRET_2 },
    });
    expect(added.statusCode, added.body).toBe(200);
    const accounts = (await call('GET', 'multi-apps/propertyfinder')).json().data as { _id: string; label: string }[];
    expect(accounts.map((a) => a.label)).toEqual(['Marina', 'Downtown']);
    second = accounts[1]?._id ?? '';
    expect(second).not.toBe(first);
    expect(await setupRun(second)).toMatchObject({ status: 'completed' });
    expect(pf.webhooks.get('1:lead.created')).toEqual({
      callbackUrl: `${ctx.env.APP_URL}/api/integrations/propertyfinder/webhook/${second}`,
      secret: WEBHOOK_SECRET_2,
    });
    // GET {name} still shows the first account's settings; the integration sums the accounts up.
    expect((await call('GET', 'propertyfinder')).json().data).toMatchObject({ config: { label: 'Marina' }, status: 'configured' });
    // Each account's secrets are sealed for that account alone.
    const row = await ctx.db.integrationAccount.findUniqueOrThrow({ where: { id: second } });
    expect(openAccountSecrets(ctx.app.deps, row)).toMatchObject({ webhookSecret: WEBHOOK_SECRET_2 });
    expect(() => openAccountSecrets(ctx.app.deps, { ...row, id: first })).toThrow();
  });

  it('edits one account by id, refuses an unknown one, and keeps the other untouched', async () => {
    const renamed = await call('PATCH', 'propertyfinder', { account: second, config: { label: 'Downtown Towers' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const labels = (await call('GET', 'multi-apps/propertyfinder')).json().data.map((a: { label: string }) => a.label);
    expect(labels).toEqual(['Marina', 'Downtown Towers']);
    const unknown = await call('PATCH', 'propertyfinder', { account: '01900000-0000-7000-8000-000000000000', config: { label: 'X' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(M.accountNotFound);
    const bad = await call('PATCH', 'propertyfinder', { account: 'second', config: { label: 'X' } });
    expect(bad.statusCode).toBe(400);
  });

  it('tests one account, or each of them, storing each outcome', async () => {
    await call('PATCH', 'propertyfinder', { account: second, secrets: { apiSecret: 'not-the-right-secret-00' } });
    const one = await call('POST', `propertyfinder/test?account=${first}`);
    expect(one.json().data).toMatchObject({ ok: true, detail: 'Property Finder accepted the credentials.' });
    const all = await call('POST', 'propertyfinder/test');
    expect(all.json().data).toMatchObject({
      ok: false,
      detail: 'Marina: Property Finder accepted the credentials. Downtown Towers: Property Finder refused the credentials (HTTP 401).',
    });
    const [a, b] = (await call('GET', 'multi-apps/propertyfinder')).json().data;
    expect(a).toMatchObject({ status: 'connected', lastError: null });
    expect(b).toMatchObject({ status: 'error', lastError: 'Property Finder refused the credentials (HTTP 401).' });
    expect((await call('GET', 'propertyfinder')).json().data).toMatchObject({
      status: 'error',
      lastError: 'Downtown Towers: Property Finder refused the credentials (HTTP 401).',
    });
    const since = new Date();
    await call('PATCH', 'propertyfinder', { account: second, secrets: { apiSecret: PROPERTY_FINDER_FAKE_CREDENTIALS_2.apiSecret } });
    await waitFor(
      () => ctx.db.syncRun.findFirst({ where: { accountId: second, status: 'completed', finishedAt: { gt: since } } }),
      (run) => run !== null,
    );
  });

  it('removes one account: its webhooks unsubscribed, its poll cancelled, its runs gone; the other stays', async () => {
    const queue = ctx.app.deps.jobs.queue(PORTAL_POLL_JOB_ID);
    const schedulers = async () => (await queue.getJobSchedulers()).map((s) => s.key);
    expect(await schedulers()).toEqual(expect.arrayContaining([`${PORTAL_POLL_JOB_ID}:${first}`, `${PORTAL_POLL_JOB_ID}:${second}`]));
    const foreign = await call('DELETE', `propertyfinder/${second}`, undefined, other.asset.id);
    expect(foreign.statusCode).toBe(404);
    const removed = await call('DELETE', `propertyfinder/${second}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toMatchObject({ _id: first, config: { label: 'Marina' } });
    expect([...pf.webhooks.keys()].filter((key) => key.startsWith('1:'))).toEqual([]);
    expect([...pf.webhooks.keys()].filter((key) => key.startsWith('0:'))).toHaveLength(PROPERTY_FINDER_WEBHOOK_EVENTS.length);
    expect(pf.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(
      PROPERTY_FINDER_WEBHOOK_EVENTS.map((event) => `/v1/webhooks/${event}`),
    );
    expect(await schedulers()).not.toContain(`${PORTAL_POLL_JOB_ID}:${second}`);
    expect(await schedulers()).toContain(`${PORTAL_POLL_JOB_ID}:${first}`);
    expect(await ctx.db.syncRun.count({ where: { accountId: second } })).toBe(0);
    expect((await call('GET', 'multi-apps/propertyfinder')).json().data.map((a: { _id: string }) => a._id)).toEqual([first]);
    // Its address answers no more.
    const gone = await ctx.app.inject({
      method: 'POST',
      url: `/api/integrations/propertyfinder/webhook/${second}`,
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(gone.statusCode).toBe(404);
  });

  it('never answers or logs a secret', () => {
    const everything = [...answers, ...logLines].join('\n');
    for (const secret of [
      ...Object.values(PROPERTY_FINDER_FAKE_CREDENTIALS),
      ...Object.values(PROPERTY_FINDER_FAKE_CREDENTIALS_2),
      WEBHOOK_SECRET_1,
      WEBHOOK_SECRET_2,
      'eyJhbGciOiJIUzI1NiJ9.fake.token',
    ]) {
      expect(everything).not.toContain(secret);
    }
  });
});

describe('the move to accounts (migration)', () => {
  it("makes an asset's single Property Finder setup its first account: same id, secrets, status and cursor", async () => {
    const assetId = other.asset.id;
    const secrets = { ...PROPERTY_FINDER_FAKE_CREDENTIALS, webhookSecret: 'legacy-webhook-secret-01' };
    const sealed = secretBox(ctx.env).seal(secrets, secretsBinding(assetId, 'propertyfinder'));
    const legacy = await ctx.db.integrationConfig.create({
      data: {
        assetId,
        name: 'propertyfinder',
        enabled: true,
        status: 'connected',
        config: { label: 'Legacy account', publishByDefault: true },
        secretsCiphertext: sealed.ciphertext,
        secretsIv: sealed.iv,
        secretsTag: sealed.tag,
        secretsKeyVersion: sealed.keyVersion,
        pollCursor: '2026-11-01T00:00:00.000Z',
        pollFailures: 1,
      },
    });
    const run = await ctx.db.syncRun.create({ data: { assetId, integrationId: legacy.id, provider: 'propertyfinder', kind: 'leads' } });
    // The migration's data statements, as the migrator runs them on a database that had the single setup.
    const dir = join(import.meta.dirname, '../../../../../../../prisma/migrations');
    const folder = readdirSync(dir).find((name) => name.endsWith('_portal_accounts_refs_feed_snapshots'));
    const sql = readFileSync(join(dir, folder ?? '', 'migration.sql'), 'utf8');
    const data = sql.slice(sql.indexOf('-- Data:'));
    for (const statement of data
      .split(/;\s*\n/)
      .map((part) => part.replace(/^--.*$/gm, '').trim())
      .filter(Boolean)) {
      await ctx.db.$executeRawUnsafe(statement);
    }
    const account = await ctx.db.integrationAccount.findUniqueOrThrow({ where: { id: legacy.id } });
    expect(account).toMatchObject({
      integrationId: legacy.id,
      label: 'Legacy account',
      status: 'connected',
      pollCursor: '2026-11-01T00:00:00.000Z',
      pollFailures: 1,
    });
    expect(openAccountSecrets(ctx.app.deps, account)).toEqual(secrets);
    expect(await ctx.db.syncRun.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({ accountId: legacy.id });
    const row = await ctx.db.integrationConfig.findUniqueOrThrow({ where: { id: legacy.id } });
    expect(row).toMatchObject({ config: {}, secretsCiphertext: null, pollCursor: null });
  });
});
