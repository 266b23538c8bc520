import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, PERMISSIONS as P, TWO_FACTOR_STEPS } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import {
  createRole,
  createSuperAdminRole,
  createTenant,
  createUser,
  DEFAULT_PASSWORD,
  loginAs,
  type Tenant,
} from '../../../test/factories.js';

// Admin > Settings over real PostgreSQL and Redis: the password policy where a password is set, the session length at
// sign-in, and two-factor sign-in: set up with an authenticator secret, a generated code signs in, a wrong code is
// refused and rate-limited, a recovery code works once, and a role that requires it makes its users set it up.

// A fixed clock 5 s into a 30-second step: the codes a test generates and the server's check agree on the step.
const NOW = Date.UTC(2026, 10, 25, 9, 0, 5);
const clock = { now: () => new Date(NOW) };

let ctx: TestContext;
let tenant: Tenant;
let admin: { authorization: string };
let agentRole: { id: string; code: string; companyId: string };

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const signIn = (email: string, code?: string) =>
  call('POST', '/api/auth/login', {}, { email, password: DEFAULT_PASSWORD, ...(code ? { code } : {}) });
const totp = (secret: string) => new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
const codeOf = (secret: string) => totp(secret).generate({ timestamp: NOW });
/** The code of the next 30-second step: still valid (one step of drift), and later than a code just spent. */
const nextCodeOf = (secret: string) => totp(secret).generate({ timestamp: NOW + 30_000 });
/** A code of the secret that is surely wrong now: the one of an hour ago. */
const staleCodeOf = (secret: string) => totp(secret).generate({ timestamp: NOW - 3_600_000 });

async function setSecurity(body: { passwordMinLength: number; sessionMinutes: number | null; twoFactorRoles: string[] }) {
  const res = await call('PUT', '/api/company-settings/security', admin, body);
  expect(res.statusCode, res.body).toBe(200);
}
const DEFAULTS = { passwordMinLength: 8, sessionMinutes: null, twoFactorRoles: [] };

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  tenant = await createTenant(ctx);
  const owner = await createUser(ctx, { role: await createSuperAdminRole(ctx, tenant.company), assets: [tenant.asset] });
  admin = await loginAs(ctx, owner.email);
  agentRole = await createRole(ctx, [P.CUSTOMERS_VIEW], { company: tenant.company, code: 'AGENT' });
});
afterAll(async () => ctx.close());

describe('company security settings', () => {
  it('applies the password policy (length, common passwords) where a password is set', async () => {
    await setSecurity({ ...DEFAULTS, passwordMinLength: 14 });
    const invite = await call('POST', '/api/users/invite', admin, {
      email: 'policy@example.com',
      fullName: 'Policy',
      role: agentRole.id,
      assets: [],
    });
    const token = new URL(invite.json().data.link).searchParams.get('token');
    const short = await call('POST', '/api/auth/accept-invite', {}, { token, password: 'Sh0rt-but-ok!' });
    expect(short.statusCode).toBe(400);
    expect(short.json().data).toEqual({ password: [ADMIN_MESSAGES.settings.passwordTooShort(14)] });
    await setSecurity(DEFAULTS);
    const common = await call('POST', '/api/auth/accept-invite', {}, { token, password: 'Password1' });
    expect(common.statusCode).toBe(400);
    expect(common.json().data).toEqual({ password: [ADMIN_MESSAGES.settings.passwordCommon] });
    expect((await call('POST', '/api/auth/accept-invite', {}, { token, password: 'Unusual-Harbour-71' })).statusCode).toBe(200);

    const bad = await call('PUT', '/api/company-settings/security', admin, {
      passwordMinLength: 4,
      sessionMinutes: 5,
      twoFactorRoles: ['NOPE'],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().data).sort()).toEqual(['passwordMinLength', 'sessionMinutes']);
    const unknownRole = await call('PUT', '/api/company-settings/security', admin, { ...DEFAULTS, twoFactorRoles: ['NOPE'] });
    expect(unknownRole.json().data).toEqual({ twoFactorRoles: [ADMIN_MESSAGES.settings.roleUnknown] });
  });

  it('caps a sign-in by the session length', async () => {
    await setSecurity({ ...DEFAULTS, sessionMinutes: 30 });
    const user = await createUser(ctx, { role: agentRole, assets: [tenant.asset] });
    const res = await signIn(user.email);
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json().data as { expires_in: number; refresh_expires_at: string };
    expect(session.expires_in).toBe(1800);
    expect(new Date(session.refresh_expires_at).getTime() - NOW).toBe(1800 * 1000);
    await setSecurity(DEFAULTS);
  });

  it('only super access reads or changes them', async () => {
    const user = await createUser(ctx, { role: agentRole, assets: [tenant.asset] });
    expect((await call('GET', '/api/company-settings/security', await loginAs(ctx, user.email))).statusCode).toBe(403);
  });
});

describe('two-factor sign-in', () => {
  it('sets up TOTP: a generated code signs in once, a wrong, replayed or missing code is refused, a recovery code works once', async () => {
    const user = await createUser(ctx, { role: agentRole, assets: [tenant.asset] });
    const session = await loginAs(ctx, user.email);
    const setup = await call('POST', '/api/two-factor/setup', session);
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, otpauthUrl } = setup.json().data as { secret: string; otpauthUrl: string };
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    // The seed is sealed at rest: the row holds no trace of it.
    const sealed = (await ctx.db.user.findUniqueOrThrow({ where: { id: user.id }, select: { totpSecret: true } })).totpSecret;
    expect(sealed?.startsWith('v1.')).toBe(true);
    expect(sealed).not.toContain(secret);
    expect((await call('POST', '/api/two-factor/enable', session, { code: staleCodeOf(secret) })).statusCode).toBe(400);
    const enabled = await call('POST', '/api/two-factor/enable', session, { code: codeOf(secret) });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { codes } = enabled.json().data as { codes: string[] };
    expect(codes).toHaveLength(10);
    const stored = await ctx.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(JSON.stringify(stored.recoveryCodeHashes)).not.toContain(codes[0]);

    const missing = await signIn(user.email);
    expect(missing.statusCode).toBe(401);
    expect(missing.json().data).toEqual({ twoFactor: TWO_FACTOR_STEPS.CODE });
    const wrong = await signIn(user.email, staleCodeOf(secret));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(ADMIN_MESSAGES.settings.codeInvalid);
    // The code that turned it on was spent: replayed, it is refused; the next step's code signs in, once.
    expect((await signIn(user.email, codeOf(secret))).statusCode).toBe(401);
    expect((await signIn(user.email, nextCodeOf(secret))).statusCode).toBe(200);
    expect((await signIn(user.email, nextCodeOf(secret))).statusCode).toBe(401);
    expect((await signIn(user.email, codes[0])).statusCode).toBe(200);
    expect((await signIn(user.email, codes[0])).statusCode).toBe(401);
    expect((await call('GET', '/api/two-factor', session)).json().data).toEqual({ enabled: true, required: false, recoveryCodesLeft: 9 });
  });

  it('rate-limits wrong codes as failed sign-ins', async () => {
    const user = await createUser(ctx, { role: agentRole, assets: [tenant.asset] });
    const session = await loginAs(ctx, user.email);
    const { secret } = (await call('POST', '/api/two-factor/setup', session)).json().data as { secret: string };
    await call('POST', '/api/two-factor/enable', session, { code: codeOf(secret) });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await signIn(user.email, '000000')).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Even the right code waits out the window now.
    expect((await signIn(user.email, codeOf(secret))).statusCode).toBe(429);
  });

  it("makes a role's users set it up at their next sign-in when the admin requires it", async () => {
    const user = await createUser(ctx, { role: agentRole, assets: [tenant.asset] });
    await setSecurity({ ...DEFAULTS, twoFactorRoles: [agentRole.code] });
    const first = await signIn(user.email);
    expect(first.statusCode).toBe(401);
    const data = first.json().data as { twoFactor: string; secret: string; otpauthUrl: string };
    expect(data.twoFactor).toBe(TWO_FACTOR_STEPS.SETUP);
    // A mistyped code keeps the same secret, so the app entry still works.
    const retry = await signIn(user.email, staleCodeOf(data.secret));
    expect(retry.json().data.secret).toBe(data.secret);
    const done = await signIn(user.email, codeOf(data.secret));
    expect(done.statusCode, done.body).toBe(200);
    const session = { authorization: `Bearer ${done.json().data.access_token}` };
    expect((await call('GET', '/api/two-factor', session)).json().data).toMatchObject({ enabled: true, required: true });
    expect((await call('POST', '/api/two-factor/disable', session, { code: codeOf(data.secret) })).statusCode).toBe(409);
    await setSecurity(DEFAULTS);
  });

  it('ends the open sessions of a newly required role whose users have not set it up, and no others', async () => {
    const without = await createUser(ctx, { role: agentRole, assets: [tenant.asset] });
    const withIt = await createUser(ctx, { role: agentRole, assets: [tenant.asset] });
    const withoutSession = await loginAs(ctx, without.email);
    const withSession = await loginAs(ctx, withIt.email);
    const { secret } = (await call('POST', '/api/two-factor/setup', withSession)).json().data as { secret: string };
    expect((await call('POST', '/api/two-factor/enable', withSession, { code: codeOf(secret) })).statusCode).toBe(200);
    expect((await call('GET', '/api/two-factor', withoutSession)).statusCode).toBe(200);

    await setSecurity({ ...DEFAULTS, twoFactorRoles: [agentRole.code] });
    // The one without two-factor is signed out at once and signs in again through the setup step.
    expect((await call('GET', '/api/two-factor', withoutSession)).statusCode).toBe(401);
    expect((await signIn(without.email)).json().data).toMatchObject({ twoFactor: TWO_FACTOR_STEPS.SETUP });
    // The one who has it, and the admin who made the change, keep their sessions.
    expect((await call('GET', '/api/two-factor', withSession)).statusCode).toBe(200);
    expect((await call('GET', '/api/company-settings/security', admin)).statusCode).toBe(200);
    await setSecurity(DEFAULTS);
  });
});
