import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, PERMISSIONS as P } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createAsset, createRole, createSuperAdminRole, createTenant, createUser, loginAs, type Tenant } from '../../../test/factories.js';

// Admin > Assets over real PostgreSQL and Redis: create with currency and timezone, rename, disable (it leaves the
// users' asset lists at their next request), the last enabled asset kept, another company's asset a 404.

let ctx: TestContext;
let tenant: Tenant;
let admin: { authorization: string };

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const assetIdsOf = async (headers: Headers) =>
  ((await call('GET', '/api/assets', headers)).json().data as { _id: string }[]).map((asset) => asset._id);

beforeAll(async () => {
  ctx = await createTestApp();
  tenant = await createTenant(ctx);
  const owner = await createUser(ctx, { role: await createSuperAdminRole(ctx, tenant.company), assets: [tenant.asset] });
  admin = await loginAs(ctx, owner.email);
});
afterAll(async () => ctx.close());

describe('company assets', () => {
  it('creates an asset with its currency and timezone, renames it, and refuses a bad zone or currency', async () => {
    const created = await call('POST', '/api/company-assets', admin, { name: 'Abu Dhabi', timezone: 'Asia/Dubai', currencyCode: 'aed' });
    expect(created.statusCode, created.body).toBe(201);
    const asset = created.json().data as { _id: string; currencyCode: string };
    expect(asset.currencyCode).toBe('AED');
    const renamed = await call('PATCH', `/api/company-assets/${asset._id}`, admin, { name: 'Abu Dhabi HQ', currencyCode: 'USD' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Abu Dhabi HQ', currencyCode: 'USD', timezone: 'Asia/Dubai' });
    expect(await assetIdsOf(admin)).toContain(asset._id);

    const bad = await call('POST', '/api/company-assets', admin, { name: 'X', timezone: 'Mars/Base', currencyCode: 'ZZZ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data).toEqual({
      timezone: [ADMIN_MESSAGES.asset.timezoneInvalid],
      currencyCode: [ADMIN_MESSAGES.asset.currencyInvalid],
    });
    const taken = await call('POST', '/api/company-assets', admin, { name: 'Abu Dhabi HQ', timezone: 'UTC', currencyCode: 'EUR' });
    expect(taken.statusCode).toBe(409);
  });

  it("disables an asset: it leaves the users' asset lists at once; the last enabled asset stays", async () => {
    const second = await createAsset(ctx, { company: tenant.company, name: 'Sharjah' });
    const agentRole = await createRole(ctx, [P.CUSTOMERS_VIEW], { company: tenant.company });
    const agent = await createUser(ctx, { role: agentRole, assets: [second, tenant.asset] });
    const session = await loginAs(ctx, agent.email);
    expect(await assetIdsOf(session)).toContain(second.id);

    const off = await call('PATCH', `/api/company-assets/${second.id}/status`, admin, { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.disabledAt).not.toBeNull();
    expect(await assetIdsOf(session)).not.toContain(second.id);
    expect((await call('GET', `/api/customers?asset=${second.id}`, session)).statusCode).toBe(403);
    expect((await call('PATCH', `/api/company-assets/${second.id}/status`, admin, { enabled: true })).statusCode).toBe(200);
    expect(await assetIdsOf(session)).toContain(second.id);

    const lone = await createTenant(ctx);
    const loneAdmin = await loginAs(
      ctx,
      (await createUser(ctx, { role: await createSuperAdminRole(ctx, lone.company), assets: [lone.asset] })).email,
    );
    const last = await call('PATCH', `/api/company-assets/${lone.asset.id}/status`, loneAdmin, { enabled: false });
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(ADMIN_MESSAGES.asset.lastAsset);
    // Another company's asset does not exist here.
    expect((await call('PATCH', `/api/company-assets/${lone.asset.id}/status`, admin, { enabled: false })).statusCode).toBe(404);
    expect((await call('GET', `/api/company-assets/${lone.asset.id}`, admin)).statusCode).toBe(404);
  });
});
