import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_CALL_MESSAGES as M, CUSTOMER_QUICK_LOGIN, MESSAGES, PERMISSIONS as P } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createWorld, restAs, type Caller, type ResourceWorld } from '../../resources/resource-test-kit.js';
import { verifyPassword } from '../auth/index.js';

// A customer's own login (docs/api.md 'Other calls'): credentials, change-password, change-status and the
// quick-login link (create, prove, replace, revoke, expire), with tenancy and permissions.

let ctx: TestContext;
let world: ResourceWorld;
let updater: Caller;
let customerId: string;
let otherAssetCustomerId: string;
const clock = { offsetMs: 0, now: () => new Date(Date.now() + clock.offsetMs) };

function quickLogin(token: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/customers/quick-login', payload: { token } });
}
const tokenOf = (url: string) => new URL(url).searchParams.get('token') ?? '';

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  world = await createWorld(ctx);
  updater = await world.user([P.CUSTOMERS_VIEW, P.CUSTOMER_UPDATE]);
  const base = {
    companyId: world.company.id,
    firstName: 'Lina',
    fullName: 'Lina Haddad',
    phoneCode: '+971',
    phone: '501112222',
    phoneNumber: '+971501112222',
  };
  customerId = (await ctx.db.customer.create({ data: { ...base, assetId: world.assetA.id, customerID: 'C-000001' } })).id;
  otherAssetCustomerId = (await ctx.db.customer.create({ data: { ...base, assetId: world.assetB.id, customerID: 'C-000001' } })).id;
});
afterAll(async () => ctx.close());

describe('credentials and status', () => {
  it('adds credentials once (argon2, login on), then only changes the password', async () => {
    const api = restAs(ctx, updater);
    const short = await api.patch(`customers/${customerId}/add-credentials`, { password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().data).toEqual({ password: [MESSAGES.auth.passwordMinLength(8)] });
    expect((await api.patch(`customers/${customerId}/change-password`, { password: 'Another1!' })).json()).toMatchObject({
      statusCode: 409,
      message: M.noCredentials,
    });

    const added = await api.patch(`customers/${customerId}/add-credentials`, { password: 'First-pass1' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data).toMatchObject({ _id: customerId, loginEnabled: true });
    expect(added.json().data).not.toHaveProperty('loginPasswordHash');
    const stored = await ctx.db.customer.findUniqueOrThrow({ where: { id: customerId } });
    expect(stored.loginPasswordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(stored.loginPasswordHash ?? '', 'First-pass1')).toBe(true);

    expect((await api.patch(`customers/${customerId}/add-credentials`, { password: 'Second-pass1' })).json()).toMatchObject({
      statusCode: 409,
      message: M.credentialsExist,
    });
    expect((await api.patch(`customers/${customerId}/change-password`, { password: 'Second-pass1', extra: 1 })).statusCode).toBe(400);
    expect((await api.patch(`customers/${customerId}/change-password`, { password: 'Second-pass1' })).statusCode).toBe(200);
    const changed = await ctx.db.customer.findUniqueOrThrow({ where: { id: customerId } });
    expect(await verifyPassword(changed.loginPasswordHash ?? '', 'Second-pass1')).toBe(true);
    expect(await verifyPassword(changed.loginPasswordHash ?? '', 'First-pass1')).toBe(false);
  });

  it('switches the login off and on', async () => {
    const api = restAs(ctx, updater);
    expect((await api.patch(`customers/${customerId}/change-status`, { enabled: 'no' })).statusCode).toBe(400);
    expect((await api.patch(`customers/${customerId}/change-status`, { enabled: false })).json().data).toMatchObject({
      loginEnabled: false,
    });
    expect((await ctx.db.customer.findUniqueOrThrow({ where: { id: customerId } })).loginEnabled).toBe(false);
    expect((await api.patch(`customers/${customerId}/change-status`, { enabled: true })).json().data).toMatchObject({ loginEnabled: true });
  });
});

describe('quick-login link', () => {
  it('creates a signed link that proves the customer, and stores only its id and expiry', async () => {
    const res = await restAs(ctx, updater).post('customers/login-url', { customer: customerId });
    expect(res.statusCode, res.body).toBe(200);
    const { url, expiresAt } = res.json().data as { url: string; expiresAt: string };
    expect(url.startsWith(`${ctx.env.APP_URL}${CUSTOMER_QUICK_LOGIN.PATH}?token=`)).toBe(true);
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan((CUSTOMER_QUICK_LOGIN.TTL_HOURS - 1) * 3_600_000);
    const stored = await ctx.db.customer.findUniqueOrThrow({ where: { id: customerId } });
    expect(stored.quickLoginTokenId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(stored)).not.toContain(tokenOf(url));

    const proved = await quickLogin(tokenOf(url));
    expect(proved.statusCode, proved.body).toBe(200);
    expect(proved.json().data).toEqual({
      customer: { _id: customerId, customerID: 'C-000001', fullName: 'Lina Haddad' },
      asset: world.assetA.id,
      expiresAt,
    });
    // Not a staff token, and a staff token is not a quick-login token.
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { authorization: `Bearer ${tokenOf(url)}` } })).statusCode,
    ).toBe(401);
    expect((await quickLogin(updater.headers.authorization.replace('Bearer ', ''))).statusCode).toBe(401);
    expect((await quickLogin(`${tokenOf(url)}x`)).json()).toMatchObject({ statusCode: 401, message: M.quickLoginInvalid });
  });

  it('replaces the previous link, and revoking ends the live one', async () => {
    const api = restAs(ctx, updater);
    const first = tokenOf((await api.post('customers/login-url', { customer: customerId })).json().data.url);
    const second = tokenOf((await api.post('customers/login-url', { customer: customerId })).json().data.url);
    expect((await quickLogin(first)).statusCode).toBe(401);
    expect((await quickLogin(second)).statusCode).toBe(200);

    const revoked = await api.delete('customers/login-url', { asset: world.assetA.id, customer: customerId });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data).toEqual({ customer: customerId, revoked: true });
    expect((await quickLogin(second)).statusCode).toBe(401);
    expect((await api.delete('customers/login-url', { customer: customerId })).json().data).toEqual({
      customer: customerId,
      revoked: false,
    });
  });

  it('expires, and dies with the login switch or the customer', async () => {
    const api = restAs(ctx, updater);
    const token = tokenOf((await api.post('customers/login-url', { customer: customerId })).json().data.url);
    clock.offsetMs = (CUSTOMER_QUICK_LOGIN.TTL_HOURS + 1) * 3_600_000;
    try {
      expect((await quickLogin(token)).statusCode).toBe(401);
    } finally {
      clock.offsetMs = 0;
    }
    expect((await quickLogin(token)).statusCode).toBe(200);
    await api.patch(`customers/${customerId}/change-status`, { enabled: false });
    expect((await quickLogin(token)).statusCode).toBe(401);
    expect((await api.post('customers/login-url', { customer: customerId })).json()).toMatchObject({
      statusCode: 409,
      message: M.loginDisabled,
    });
    await api.patch(`customers/${customerId}/change-status`, { enabled: true });
    await ctx.db.customer.update({ where: { id: customerId }, data: { enabled: false } });
    expect((await api.post('customers/login-url', { customer: customerId })).json()).toMatchObject({
      statusCode: 409,
      message: M.customerDisabled,
    });
    await ctx.db.customer.update({ where: { id: customerId }, data: { enabled: true } });
  });

  it('works through tRPC too', async () => {
    const post = (procedure: string, input: unknown, headers: Record<string, string> = updater.headers) =>
      ctx.app.inject({
        method: 'POST',
        url: `/trpc/customers.${procedure}`,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify(input),
      });
    const created = await post('createLoginUrl', { customer: customerId });
    expect(created.statusCode, created.body).toBe(200);
    const token = tokenOf(created.json().result.data.data.url);
    expect((await post('quickLogin', { token }, {})).json().result.data.data.customer._id).toBe(customerId);
    expect((await post('revokeLoginUrl', { customer: customerId })).json().result.data.data).toEqual({
      customer: customerId,
      revoked: true,
    });
    expect((await post('changeStatus', { id: customerId, enabled: true })).json().result.data.data).toMatchObject({ loginEnabled: true });
  });
});

describe('tenancy and permissions', () => {
  it("answers another asset's customer as missing on every call", async () => {
    const api = restAs(ctx, updater);
    const calls = [
      api.patch(`customers/${otherAssetCustomerId}/add-credentials`, { password: 'Passw0rd!' }),
      api.patch(`customers/${otherAssetCustomerId}/change-password`, { password: 'Passw0rd!' }),
      api.patch(`customers/${otherAssetCustomerId}/change-status`, { enabled: false }),
      api.post('customers/login-url', { customer: otherAssetCustomerId }),
      api.delete('customers/login-url', { customer: otherAssetCustomerId }),
    ];
    for (const res of await Promise.all(calls)) expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    // Naming the other asset in the body is refused; naming an asset the caller lacks is a 403.
    expect((await api.post('customers/login-url', { customer: customerId, asset: world.assetB.id })).statusCode).toBe(400);
    expect((await api.delete('customers/login-url', { customer: otherAssetCustomerId, asset: world.assetB.id })).statusCode).toBe(403);
  });

  it('needs CUSTOMER_UPDATE for credentials, status and links', async () => {
    const reader = restAs(ctx, await world.user([P.CUSTOMERS_VIEW, P.CUSTOMER_ADD, P.LEAD_ADD]));
    const calls = [
      reader.patch(`customers/${customerId}/add-credentials`, { password: 'Passw0rd!' }),
      reader.patch(`customers/${customerId}/change-password`, { password: 'Passw0rd!' }),
      reader.patch(`customers/${customerId}/change-status`, { enabled: false }),
      reader.post('customers/login-url', { customer: customerId }),
      reader.delete('customers/login-url', { customer: customerId }),
    ];
    for (const res of await Promise.all(calls)) expect(res.json()).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    expect((await ctx.app.inject({ method: 'POST', url: '/api/customers/login-url', payload: { customer: customerId } })).statusCode).toBe(
      401,
    );
  });
});
