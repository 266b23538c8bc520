import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_MESSAGES as M, PERMISSIONS as P } from '@crm/domain';
import { createRole, createTenant, createUser, loginAs, type Tenant } from '../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { requireIntegration } from './integration-guard.js';
import { INTEGRATION_SAMPLES } from './integration-test-samples.js';

// The guard (409 while a provider is not configured or disabled) and the sync calls over real PostgreSQL, Redis
// and BullMQ workers: synchronization/{x} saves the schedule and starts a run, sync-status/{x} reads the runs,
// modules/{x} and multi-apps/{x} answer from the stored integration.

let ctx: TestContext;
let tenant: Tenant;
let other: Tenant;
let admin: { authorization: string };

const url = (rest: string, asset = tenant.asset.id) => `/api/assets/${asset}/integrations/${rest}`;
const call = (method: 'GET' | 'PATCH', rest: string, payload?: object) =>
  ctx.app.inject({ method, url: url(rest), headers: admin, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  ctx = await createTestApp({ envOverrides: { RUN_WORKERS: 'true', JOBS_CLOSE_TIMEOUT_MS: '500' } });
  tenant = await createTenant(ctx);
  other = await createTenant(ctx, { assetName: 'Other Sync Asset' });
  const role = await createRole(ctx, [P.INTEGRATIONS_VIEW], { company: tenant.company });
  admin = await loginAs(ctx, (await createUser(ctx, { role, assets: [tenant.asset] })).email);
});
afterAll(async () => ctx?.close());

describe('requireIntegration and the sync calls', () => {
  it('answers 409 NOT_CONFIGURED, then DISABLED, then lets the call through', async () => {
    const notConfigured = await call('PATCH', 'synchronization/goyzer', { enabled: true });
    expect(notConfigured.statusCode).toBe(409);
    expect(notConfigured.json()).toEqual({
      statusCode: 409,
      code: 'CONFLICT',
      message: M.notConfigured('Goyzer'),
      data: { provider: 'goyzer', reason: 'NOT_CONFIGURED' },
    });
    // Saved but incomplete (no access code) is still not configured.
    await call('PATCH', 'goyzer', { enabled: true, config: INTEGRATION_SAMPLES.goyzer.config });
    expect((await call('PATCH', 'synchronization/goyzer', { enabled: true })).json().data).toEqual({
      provider: 'goyzer',
      reason: 'NOT_CONFIGURED',
    });

    await call('PATCH', 'goyzer', { enabled: false, secrets: INTEGRATION_SAMPLES.goyzer.secrets });
    const disabled = await call('PATCH', 'synchronization/goyzer', { enabled: true });
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json()).toMatchObject({ message: M.disabled('Goyzer'), data: { provider: 'goyzer', reason: 'DISABLED' } });
    await expect(requireIntegration(ctx.app.deps, tenant.asset.id, 'goyzer')).rejects.toMatchObject({ statusCode: 409 });

    await call('PATCH', 'goyzer', { enabled: true });
    const row = await requireIntegration(ctx.app.deps, tenant.asset.id, 'goyzer');
    expect(row.name).toBe('goyzer');
    // Another asset's configuration counts for nothing here.
    await expect(requireIntegration(ctx.app.deps, other.asset.id, 'goyzer')).rejects.toMatchObject({ data: { reason: 'NOT_CONFIGURED' } });
  });

  it('saves the schedule, refuses modules the provider does not sync, and lists its modules', async () => {
    const res = await call('PATCH', 'synchronization/goyzer', { enabled: true, modules: ['listings', 'members'], intervalMinutes: 30 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ schedule: { enabled: true, modules: ['listings', 'members'], intervalMinutes: 30 }, run: null });
    const bad = await call('PATCH', 'synchronization/goyzer', { modules: ['customers'], intervalMinutes: 1 });
    expect(bad.statusCode).toBe(400);
    const modules = await call('GET', 'modules/goyzer');
    expect(modules.json().data).toEqual({
      provider: 'goyzer',
      modules: [
        { module: 'leads', enabled: false },
        { module: 'listings', enabled: true },
        { module: 'members', enabled: true },
      ],
    });
    const nothing = await call('PATCH', 'synchronization/tinyurl', { enabled: true });
    expect(nothing.json().data).toEqual({ provider: [M.noSyncModules('TinyURL')] });
  });

  it('refuses a run, or a schedule, of modules whose sync is not built (400), and reads no runs for a provider never set up', async () => {
    await call('PATCH', 'theagency', { enabled: true, ...INTEGRATION_SAMPLES.theagency });
    const res = await call('PATCH', 'synchronization/theagency', { runNow: true });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().data).toEqual({ modules: [M.noSyncAdapter('The Agency')] });
    expect((await call('PATCH', 'synchronization/theagency', { enabled: true, modules: ['listings'] })).statusCode).toBe(400);
    expect((await call('GET', 'sync-status/theagency')).json().data.runs).toEqual([]);
    const status = (await call('GET', 'sync-status/goyzer')).json().data;
    expect(status.schedule).toEqual({ enabled: true, modules: ['listings', 'members'], intervalMinutes: 30 });
    // A provider never set up has no runs, and no accounts.
    expect((await call('GET', 'sync-status/salesforce')).json().data).toEqual({
      provider: 'salesforce',
      schedule: { enabled: false, modules: [], intervalMinutes: 60 },
      runs: [],
    });
  });

  it('lists the configured account under multi-apps, none for an unconfigured provider, 404 for another asset', async () => {
    await call('PATCH', 'propertyfinder', { enabled: true, ...INTEGRATION_SAMPLES.propertyfinder });
    const accounts = await call('GET', 'multi-apps/propertyfinder');
    expect(accounts.json().data).toEqual([
      expect.objectContaining({ _id: expect.any(String), label: 'Marina account', enabled: true, status: 'configured' }),
    ]);
    expect((await call('GET', 'multi-apps/whatsapp')).json().data).toEqual([]);
    const foreign = await ctx.app.inject({ method: 'GET', url: url('sync-status/goyzer', other.asset.id), headers: admin });
    expect(foreign.statusCode).toBe(404);
  });

  it('removes a Property Finder account with DELETE propertyfinder/{accountId}', async () => {
    const [account] = (await call('GET', 'multi-apps/propertyfinder')).json().data;
    const wrongAsset = await ctx.app.inject({
      method: 'DELETE',
      url: url(`propertyfinder/${account._id}`, other.asset.id),
      headers: admin,
    });
    expect(wrongAsset.statusCode).toBe(404);
    const removed = await ctx.app.inject({ method: 'DELETE', url: url(`propertyfinder/${account._id}`), headers: admin });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toMatchObject({
      _id: null,
      status: 'not_configured',
      enabled: false,
      secrets: { apiKey: { set: false, hint: null } },
    });
    expect((await call('GET', 'multi-apps/propertyfinder')).json().data).toEqual([]);
    const again = await ctx.app.inject({ method: 'DELETE', url: url(`propertyfinder/${account._id}`), headers: admin });
    expect(again.statusCode).toBe(404);
  });
});
