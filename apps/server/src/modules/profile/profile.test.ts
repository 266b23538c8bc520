import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { secretOf } from '../../core/server-secrets.js';
import { createAsset, createRole, createTenant, createUser, DEFAULT_PASSWORD, loginAs } from '../../../test/factories.js';

// Profile (docs/api.md 'Other calls'): the caller's own profile over real PostgreSQL.

describe('profile', () => {
  let ctx: TestContext;
  let tenant: Awaited<ReturnType<typeof createTenant>>;

  const call = (method: 'GET' | 'PATCH' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
    ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    ctx = await createTestApp();
    tenant = await createTenant(ctx, { assetName: 'Marina' });
  });
  afterAll(async () => ctx.close());

  it('GET /api/profile answers the profile shape', async () => {
    const downtown = await createAsset(ctx, { company: tenant.company, name: 'Downtown', currencyCode: 'USD' });
    const role = await createRole(ctx, ['LEADS_REPORT_VIEW', 'LEAD_ADD'], { company: tenant.company, code: 'AGENT', name: 'Agent' });
    const user = await createUser(ctx, {
      role,
      assets: [tenant.asset, downtown],
      activeAsset: downtown,
      fullName: 'Amal Agent',
      email: 'amal@example.com',
    });
    const res = await call('GET', '/api/profile', await loginAs(ctx, user.email));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        _id: user.id,
        fullName: 'Amal Agent',
        email: 'amal@example.com',
        role: { _id: role.id, name: 'Agent', code: 'AGENT', permissions: ['LEADS_REPORT_VIEW', 'LEAD_ADD'] },
        isRootUser: false,
        company: { _id: tenant.company.id, name: tenant.company.name },
        activeAsset: { _id: downtown.id, name: 'Downtown' },
        assets: [
          { _id: downtown.id, name: 'Downtown' },
          { _id: tenant.asset.id, name: 'Marina' },
        ],
        avatar: null,
        business: { currency: { code: 'USD' }, timezone: 'Asia/Dubai' },
        lastLoginAt: expect.any(String),
      },
    });
  });

  it('gives a user with no active asset the first of theirs (by name) and saves it', async () => {
    const alpha = await createAsset(ctx, { company: tenant.company, name: 'Alpha Office' });
    const role = await createRole(ctx, [], { company: tenant.company });
    const user = await createUser(ctx, { role, assets: [tenant.asset, alpha], activeAsset: null });
    const res = await call('GET', '/api/profile', await loginAs(ctx, user.email));
    expect(res.json().data.activeAsset).toEqual({ _id: alpha.id, name: 'Alpha Office' });
    expect((await ctx.db.user.findUniqueOrThrow({ where: { id: user.id } })).activeAssetId).toBe(alpha.id);
  });

  it('answers a null active asset for a user with no asset at all', async () => {
    const role = await createRole(ctx, [], { company: tenant.company });
    const user = await createUser(ctx, { role, assets: [] });
    const res = await call('GET', '/api/profile', await loginAs(ctx, user.email));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ activeAsset: null, assets: [], business: null });
  });

  it('PATCH /api/profile updates the full name and avatar, refusing unknown fields and foreign files', async () => {
    const role = await createRole(ctx, [], { company: tenant.company });
    const user = await createUser(ctx, { role, assets: [tenant.asset] });
    const headers = await loginAs(ctx, user.email);
    const file = await ctx.db.storedFile.create({
      data: {
        companyId: tenant.company.id,
        assetId: tenant.asset.id,
        name: 'me.png',
        type: 'image',
        storageKey: 'k/me.png',
        url: '/storage/k/me.png',
      },
    });
    const other = await createTenant(ctx);
    const foreignFile = await ctx.db.storedFile.create({
      data: { companyId: other.company.id, assetId: other.asset.id, name: 'x.png', storageKey: 'k/x.png', url: '/storage/k/x.png' },
    });

    const ok = await call('PATCH', '/api/profile', headers, { fullName: '  New Name  ', avatar: file.id });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ fullName: 'New Name', avatar: { _id: file.id, file: '/storage/k/me.png' } });

    const foreign = await call('PATCH', '/api/profile', headers, { avatar: foreignFile.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().data).toEqual({ avatar: [AUTH_MESSAGES.avatarNotFound] });

    const cleared = await call('PATCH', '/api/profile', headers, { avatar: null });
    expect(cleared.json().data.avatar).toBeNull();

    const unknown = await call('PATCH', '/api/profile', headers, { email: 'steal@example.com' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data).toEqual({ email: ["Unknown field 'email'."] });
    const empty = await call('PATCH', '/api/profile', headers, { fullName: '   ' });
    expect(empty.json().data).toEqual({ fullName: [AUTH_MESSAGES.fullNameRequired] });
  });

  describe('PATCH /api/profile/change-password', () => {
    it('refuses a wrong current password with a field message', async () => {
      const role = await createRole(ctx, [], { company: tenant.company });
      const user = await createUser(ctx, { role, assets: [tenant.asset] });
      const headers = await loginAs(ctx, user.email);
      const res = await call('PATCH', '/api/profile/change-password', headers, {
        currentPassword: 'not-it-at-all',
        password: 'new-password-1',
        confirmPassword: 'new-password-1',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', data: { currentPassword: [AUTH_MESSAGES.currentPasswordIncorrect] } });
      const mismatch = await call('PATCH', '/api/profile/change-password', headers, {
        currentPassword: DEFAULT_PASSWORD,
        password: 'new-password-1',
        confirmPassword: 'new-password-2',
      });
      expect(mismatch.json().data).toEqual({ confirmPassword: [AUTH_MESSAGES.passwordsDoNotMatch] });
      const short = await call('PATCH', '/api/profile/change-password', headers, {
        currentPassword: DEFAULT_PASSWORD,
        password: 'short',
        confirmPassword: 'short',
      });
      expect(short.json().data).toEqual({ password: ['Password must be at least 8 characters.'] });
      // The company's password policy applies here too: a common password and one under the company's length.
      const common = await call('PATCH', '/api/profile/change-password', headers, {
        currentPassword: DEFAULT_PASSWORD,
        password: 'password123',
        confirmPassword: 'password123',
      });
      expect(common.statusCode).toBe(400);
      expect(Object.keys(common.json().data)).toEqual(['password']);
      await ctx.db.company.update({ where: { id: tenant.company.id }, data: { passwordMinLength: 20 } });
      const underPolicy = await call('PATCH', '/api/profile/change-password', headers, {
        currentPassword: DEFAULT_PASSWORD,
        password: 'Quite-long-pass-42',
        confirmPassword: 'Quite-long-pass-42',
      });
      await ctx.db.company.update({ where: { id: tenant.company.id }, data: { passwordMinLength: 8 } });
      expect(underPolicy.statusCode).toBe(400);
      expect(underPolicy.json().data.password?.[0]).toContain('20');
    });

    it('changes the password, revokes every other session and answers a fresh one', async () => {
      const role = await createRole(ctx, [], { company: tenant.company });
      const user = await createUser(ctx, { role, assets: [tenant.asset] });
      const caller = await loginAs(ctx, user.email);
      const otherTab = await loginAs(ctx, user.email);
      const res = await call('PATCH', '/api/profile/change-password', caller, {
        currentPassword: DEFAULT_PASSWORD,
        password: 'changed-pass-1',
        confirmPassword: 'changed-pass-1',
      });
      expect(res.statusCode).toBe(200);
      const fresh = { authorization: `Bearer ${res.json().data.access_token}` };
      expect(res.json().data.token_type).toBe('Bearer');
      expect((await call('GET', '/api/profile', caller)).statusCode).toBe(401);
      expect((await call('GET', '/api/profile', otherTab)).statusCode).toBe(401);
      expect((await call('GET', '/api/profile', fresh)).statusCode).toBe(200);
      await expect(loginAs(ctx, user.email)).rejects.toThrow();
      expect((await call('GET', '/api/profile', await loginAs(ctx, user.email, 'changed-pass-1'))).statusCode).toBe(200);
    });
  });

  describe('PATCH /api/profile/change-active-asset', () => {
    it('switches to one of the user’s assets and answers 404 for any other, like a missing one', async () => {
      const second = await createAsset(ctx, { company: tenant.company });
      const notMine = await createAsset(ctx, { company: tenant.company });
      const role = await createRole(ctx, [], { company: tenant.company });
      const user = await createUser(ctx, { role, assets: [tenant.asset, second] });
      const headers = await loginAs(ctx, user.email);
      const ok = await call('PATCH', '/api/profile/change-active-asset', headers, { asset: second.id });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data.activeAsset).toEqual({ _id: second.id, name: second.name });
      expect((await call('GET', '/api/profile', headers)).json().data.activeAsset._id).toBe(second.id);

      const refused = await call('PATCH', '/api/profile/change-active-asset', headers, { asset: notMine.id });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Asset not found' });
      const invalid = await call('PATCH', '/api/profile/change-active-asset', headers, { asset: 'nope' });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().data).toEqual({ asset: [AUTH_MESSAGES.assetInvalid] });
    });

    it('lets super access switch to any asset of its company but not another company’s', async () => {
      const other = await createAsset(ctx, { company: tenant.company });
      const foreign = await createTenant(ctx);
      const role = await createRole(ctx, ['SUPER_ACCESS'], { company: tenant.company });
      const user = await createUser(ctx, { role, assets: [tenant.asset] });
      const headers = await loginAs(ctx, user.email);
      expect((await call('PATCH', '/api/profile/change-active-asset', headers, { asset: other.id })).statusCode).toBe(200);
      expect((await call('PATCH', '/api/profile/change-active-asset', headers, { asset: foreign.asset.id })).statusCode).toBe(404);
    });
  });

  it('POST /api/profile/intercom-hash answers the HMAC of the caller’s own id only', async () => {
    const role = await createRole(ctx, [], { company: tenant.company });
    const user = await createUser(ctx, { role, assets: [tenant.asset] });
    const someone = await createUser(ctx, { role, assets: [tenant.asset] });
    const headers = await loginAs(ctx, user.email);
    const expected = createHmac('sha256', secretOf(ctx.env, 'INTERCOM_SECRET')).update(user.id).digest('hex');
    const own = await call('POST', '/api/profile/intercom-hash', headers, { userId: user.id });
    expect(own.json()).toEqual({ data: { hash: expected } });
    const noBody = await call('POST', '/api/profile/intercom-hash', headers);
    expect(noBody.json()).toEqual({ data: { hash: expected } });
    const other = await call('POST', '/api/profile/intercom-hash', headers, { userId: someone.id });
    expect(other.statusCode).toBe(403);
  });

  it('GET /api/profile/access-logs lists the caller’s own logs, newest first, paginated', async () => {
    const role = await createRole(ctx, [], { company: tenant.company });
    const user = await createUser(ctx, { role, assets: [tenant.asset] });
    const someone = await createUser(ctx, { role, assets: [tenant.asset] });
    await loginAs(ctx, someone.email);
    for (let i = 0; i < 3; i++) await loginAs(ctx, user.email);
    const headers = await loginAs(ctx, user.email);
    await call('POST', '/api/auth/logout', await loginAs(ctx, user.email));

    const page1 = await call('GET', '/api/profile/access-logs?page=1&limit=2', headers);
    expect(page1.statusCode).toBe(200);
    const body = page1.json();
    expect(body.data).toHaveLength(2);
    expect(body.data[0]).toMatchObject({ action: 'logout', success: true, email: user.email });
    expect(body.meta).toEqual({
      total: 6,
      offset: 0,
      limit: 2,
      totalPages: 3,
      page: 1,
      from: 1,
      hasPrevPage: false,
      hasNextPage: true,
      prev: null,
      next: 2,
    });
    const dates = body.data.map((row: { createdAt: string }) => row.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);

    const page3 = (await call('GET', '/api/profile/access-logs?page=3&limit=2', headers)).json();
    expect(page3.meta).toMatchObject({ page: 3, hasNextPage: false, prev: 2, next: null });
    const all = (await call('GET', '/api/profile/access-logs?page=0&limit=0', headers)).json();
    expect(all.meta).toMatchObject({ page: 1, limit: 10, total: 6 });
    expect(all.data.every((row: { email: string }) => row.email === user.email)).toBe(true);
    expect((await call('GET', '/api/profile/access-logs?page=abc', headers)).statusCode).toBe(400);
  });

  describe('tRPC door', () => {
    it('profile.get, profile.changeActiveAsset and profile.intercomHash answer the REST shapes', async () => {
      const second = await createAsset(ctx, { company: tenant.company, name: 'Zeta' });
      const role = await createRole(ctx, [], { company: tenant.company });
      const user = await createUser(ctx, { role, assets: [tenant.asset, second] });
      const headers = await loginAs(ctx, user.email);
      const rest = (await call('GET', '/api/profile', headers)).json().data;
      const got = await ctx.app.inject({ method: 'GET', url: '/trpc/profile.get', headers });
      expect(got.json().result.data).toEqual(rest);

      const switched = await ctx.app.inject({
        method: 'POST',
        url: '/trpc/profile.changeActiveAsset',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ asset: second.id }),
      });
      expect(switched.json().result.data.activeAsset).toEqual({ _id: second.id, name: 'Zeta' });

      const hash = await ctx.app.inject({
        method: 'POST',
        url: '/trpc/profile.intercomHash',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(hash.json().result.data.hash).toBe(createHmac('sha256', secretOf(ctx.env, 'INTERCOM_SECRET')).update(user.id).digest('hex'));

      const logs = await ctx.app.inject({
        method: 'GET',
        url: `/trpc/profile.accessLogs?input=${encodeURIComponent(JSON.stringify({ limit: 1 }))}`,
        headers,
      });
      expect(logs.json().result.data).toMatchObject({ data: [{ action: 'login' }], meta: { limit: 1, total: 1 } });
    });

    it('profile.get without a token answers 401', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/trpc/profile.get' });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.data.code).toBe('UNAUTHORIZED');
    });
  });
});
