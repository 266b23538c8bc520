import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_MESSAGES, AUTH_MESSAGES, DEFAULT_ROLES } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createRole, createTenant, createUser, DEFAULT_PASSWORD } from '../../../test/factories.js';
import { hashResetToken } from './password-reset.service.js';
import { hashPassword, verifyPassword } from './password.service.js';

// Auth (docs/api.md 'Authentication') end to end over real PostgreSQL and Redis. Each test uses its own emails, so the
// per-email login budget of the rate limiter never interferes.

describe('auth', () => {
  let ctx: TestContext;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let role: Awaited<ReturnType<typeof createRole>>;

  // The reset budget is per client IP: tests that spend it come from an address of their own.
  let ipCounter = 0;
  const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
  const post = (url: string, payload?: object, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
    ctx.app.inject({ method: 'POST', url, headers, remoteAddress, ...(payload ? { payload } : {}) });
  const newUser = (overrides: { email?: string; enabled?: boolean; password?: string } = {}) =>
    createUser(ctx, { role, assets: [tenant.asset], ...overrides });

  beforeAll(async () => {
    ctx = await createTestApp();
    tenant = await createTenant(ctx);
    role = await createRole(ctx, ['LEADS_REPORT_VIEW'], { company: tenant.company });
  });
  afterAll(async () => ctx.close());

  describe('password hashing', () => {
    it('stores argon2id with OWASP parameters and verifies only the right password', async () => {
      const hashed = await hashPassword('correct horse');
      expect(hashed).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await verifyPassword(hashed, 'correct horse')).toBe(true);
      expect(await verifyPassword(hashed, 'wrong horse')).toBe(false);
      expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
    });
  });

  describe('POST /api/auth/login', () => {
    it('answers the session and writes a successful access log', async () => {
      const user = await newUser({ email: 'Login.OK@Example.com' });
      const res = await post(
        '/api/auth/login',
        { email: ' LOGIN.ok@example.COM ', password: DEFAULT_PASSWORD },
        { 'user-agent': 'test-agent' },
      );
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data).toEqual({
        access_token: expect.any(String),
        token_type: 'Bearer',
        expires_in: ctx.env.ACCESS_TOKEN_TTL_SECONDS,
        expires_at: expect.any(String),
        refresh_token: expect.any(String),
        refresh_expires_at: expect.any(String),
      });
      expect(new Date(data.expires_at).getTime()).toBeGreaterThan(Date.now());
      const logs = await ctx.db.accessLog.findMany({ where: { userId: user.id, action: 'login' } });
      expect(logs).toMatchObject([{ success: true, email: 'login.ok@example.com', userAgent: 'test-agent', ip: '127.0.0.1' }]);
      expect((await ctx.db.user.findUniqueOrThrow({ where: { id: user.id } })).lastLoginAt).not.toBeNull();
      const profile = await ctx.app.inject({
        method: 'GET',
        url: '/api/profile',
        headers: { authorization: `Bearer ${data.access_token}` },
      });
      expect(profile.statusCode).toBe(200);
    });

    it('answers one generic 401 for a wrong password and an unknown email, logging both with a warn line naming no email', async () => {
      const user = await newUser({ email: 'wrong-pass@example.com' });
      const warn = vi.spyOn(ctx.app.log, 'warn');
      try {
        const wrong = await post('/api/auth/login', { email: user.email, password: 'not-the-password' });
        const unknown = await post('/api/auth/login', { email: 'nobody-here@example.com', password: 'whatever1' });
        for (const res of [wrong, unknown]) {
          expect(res.statusCode).toBe(401);
          expect(res.json()).toEqual({ statusCode: 401, code: 'UNAUTHORIZED', message: AUTH_MESSAGES.invalidCredentials });
        }
        const events = warn.mock.calls.map(([details]) => details as unknown as Record<string, unknown>);
        expect(events).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ event: 'auth.denied', reason: 'bad_password', account: expect.any(String) }),
            expect.objectContaining({ event: 'auth.denied', reason: 'unknown_email', account: expect.any(String) }),
          ]),
        );
        expect(JSON.stringify(events)).not.toContain('@example.com');
      } finally {
        warn.mockRestore();
      }
      const logs = await ctx.db.accessLog.findMany({
        where: { email: { in: [user.email, 'nobody-here@example.com'] } },
        orderBy: { createdAt: 'asc' },
      });
      expect(logs.map((l) => [l.email, l.success, l.reason, l.userId])).toEqual([
        [user.email, false, 'bad_password', user.id],
        ['nobody-here@example.com', false, 'unknown_email', null],
      ]);
    });

    it('spends comparable time on an unknown email and a wrong password (dummy verification)', async () => {
      const user = await newUser({ email: 'timing@example.com' });
      const time = async (email: string) => {
        const start = performance.now();
        await post('/api/auth/login', { email, password: 'not-the-password' });
        return performance.now() - start;
      };
      await time('warm-up@example.com');
      // Interleaved samples and medians: the machine is shared, so single timings are noisy.
      const unknown: number[] = [];
      const known: number[] = [];
      for (let i = 0; i < 9; i++) {
        unknown.push(await time('timing-unknown@example.com'));
        known.push(await time(user.email));
      }
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
      // argon2 dominates both: without the dummy verification the unknown email answers ~4x faster (measured).
      expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
    });

    it('refuses a disabled user with 401 even with the right password', async () => {
      const user = await newUser({ email: 'disabled@example.com', enabled: false });
      const res = await post('/api/auth/login', { email: user.email, password: DEFAULT_PASSWORD });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
      expect(await ctx.db.accessLog.findFirst({ where: { userId: user.id } })).toMatchObject({ success: false, reason: 'disabled' });
      expect(await ctx.db.authSession.count({ where: { userId: user.id } })).toBe(0);
    });

    it('validates the body with field messages and rejects unknown fields', async () => {
      const bad = await post('/api/auth/login', { email: 'not-an-email', password: '' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        data: { email: ['Invalid Email.'], password: ['Password is required.'] },
      });
      const extra = await post('/api/auth/login', { email: 'a@example.com', password: 'x', admin: true });
      expect(extra.statusCode).toBe(400);
      expect(extra.json().data).toEqual({ admin: ["Unknown field 'admin'."] });
    });
  });

  describe('POST /api/auth/logout', () => {
    it('revokes the session, writes the access log, and the token then answers 401', async () => {
      const user = await newUser({ email: 'logout@example.com' });
      const login = await post('/api/auth/login', { email: user.email, password: DEFAULT_PASSWORD });
      const headers = { authorization: `Bearer ${login.json().data.access_token}` };
      const out = await post('/api/auth/logout', undefined, headers);
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ data: { success: true, message: AUTH_MESSAGES.loggedOut } });
      expect(await ctx.db.authSession.findFirst({ where: { userId: user.id } })).toMatchObject({ revokedAt: expect.any(Date) });
      expect(await ctx.db.accessLog.findFirst({ where: { userId: user.id, action: 'logout' } })).toMatchObject({ success: true });
      expect((await post('/api/auth/logout', undefined, headers)).statusCode).toBe(401);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/profile', headers })).statusCode).toBe(401);
    });

    it('requires a token', async () => {
      expect((await post('/api/auth/logout')).statusCode).toBe(401);
    });
  });

  describe('POST /api/auth/register', () => {
    it('creates company, asset, the four roles and a SUPER_ADMIN owner, who then signs in', async () => {
      const res = await post('/api/auth/register', {
        companyName: 'Acme Realty',
        fullName: 'Ada Owner',
        email: 'Owner@Acme.test',
        password: 'brand-new-pass',
        confirmPassword: 'brand-new-pass',
      });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ data: { success: true, message: AUTH_MESSAGES.registerCheckEmail } });
      expect(ctx.mailer.last('owner@acme.test')?.subject).toBe('Your account is ready');
      const user = await ctx.db.user.findUniqueOrThrow({
        where: { email: 'owner@acme.test' },
        include: { role: true, assets: { include: { asset: true } } },
      });
      expect(user.role.code).toBe('SUPER_ADMIN');
      expect(user.assets.map((a) => a.asset.name)).toEqual(['Acme Realty']);
      expect(user.activeAssetId).toBe(user.assets[0]?.assetId);
      const roles = await ctx.db.role.findMany({ where: { companyId: user.companyId }, orderBy: { code: 'asc' } });
      expect(roles.map((r) => r.code)).toEqual(DEFAULT_ROLES.map((r) => r.code).sort());
      const login = await post('/api/auth/login', { email: 'owner@acme.test', password: 'brand-new-pass' }, {}, nextIp());
      const headers = { authorization: `Bearer ${login.json().data.access_token}` };
      const profile = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers });
      expect(profile.json().data).toMatchObject({
        email: 'owner@acme.test',
        role: { code: 'SUPER_ADMIN' },
        activeAsset: { name: 'Acme Realty' },
      });
    });

    it('answers an email that already has an account exactly as a new one, and mails its owner a notice', async () => {
      const user = await newUser({ email: 'taken@example.com' });
      const companies = await ctx.db.company.count();
      const body = (email: string) => ({
        companyName: 'X',
        fullName: 'Y',
        email,
        password: 'brand-new-pass',
        confirmPassword: 'brand-new-pass',
      });
      const taken = await post('/api/auth/register', body(user.email), {}, nextIp());
      const fresh = await post('/api/auth/register', body('fresh-owner@example.com'), {}, nextIp());
      expect(taken.statusCode).toBe(fresh.statusCode);
      expect(taken.body).toBe(fresh.body);
      expect(taken.headers['content-type']).toBe(fresh.headers['content-type']);
      expect(ctx.mailer.last(user.email)?.subject).toBe('Someone tried to sign up with your email');
      expect(await ctx.db.accessLog.findMany({ where: { userId: user.id, action: 'register' } })).toMatchObject([
        { success: false, reason: 'email_taken' },
      ]);
      // Only the new email made a company; the taken one kept its password.
      expect(await ctx.db.company.count()).toBe(companies + 1);
      expect((await post('/api/auth/login', { email: user.email, password: DEFAULT_PASSWORD }, {}, nextIp())).statusCode).toBe(200);
    });

    it('validates the new-account rules', async () => {
      const invalid = await post('/api/auth/register', {
        companyName: '',
        fullName: 'Y',
        email: 'bad',
        password: 'short',
        confirmPassword: 'other',
      });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().data).toMatchObject({
        companyName: [AUTH_MESSAGES.companyNameRequired],
        email: ['Invalid Email.'],
        password: ['Password must be at least 8 characters.'],
      });
      const mismatch = await post('/api/auth/register', {
        companyName: 'Z',
        fullName: 'Y',
        email: 'mismatch@example.com',
        password: 'brand-new-pass',
        confirmPassword: 'different!',
      });
      expect(mismatch.json().data).toEqual({ confirmPassword: [AUTH_MESSAGES.passwordsDoNotMatch] }); // The password policy's defaults apply to a sign-up too: a guessable password is refused, nothing is created.
      const companies = await ctx.db.company.count();
      const weak = await post('/api/auth/register', {
        companyName: 'W',
        fullName: 'Y',
        email: 'weak-owner@example.com',
        password: 'Password123!',
      });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().data).toEqual({ password: [ADMIN_MESSAGES.settings.passwordWeak] });
      expect(await ctx.db.company.count()).toBe(companies);
    });
  });

  describe('forgot, verify and reset password', () => {
    const linkToken = (text: string) => {
      const match = /token=([\w-]+)/.exec(text);
      if (!match?.[1]) throw new Error(`no token in mail: ${text}`);
      return match[1];
    };

    it('answers the same 200 for an unknown email and sends nothing', async () => {
      const ip = nextIp();
      const before = ctx.mailer.sent.length;
      const res = await post('/api/auth/forgot-password', { email: 'ghost@example.com' }, {}, ip);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { success: true, message: AUTH_MESSAGES.forgotPasswordSent } });
      expect(ctx.mailer.sent.length).toBe(before);
    });

    it('mails a single-use, hashed token; verify, reset, then the old password, sessions and token are dead', async () => {
      const ip = nextIp();
      const user = await newUser({ email: 'reset@example.com' });
      const oldSession = {
        authorization: `Bearer ${(await post('/api/auth/login', { email: user.email, password: DEFAULT_PASSWORD })).json().data.access_token}`,
      };

      const forgot = await post('/api/auth/forgot-password', { email: 'RESET@example.com' }, {}, ip);
      expect(forgot.json()).toEqual({ data: { success: true, message: AUTH_MESSAGES.forgotPasswordSent } });
      const mail = ctx.mailer.last(user.email);
      expect(mail?.text).toContain(`${ctx.env.APP_URL}/auth/reset-password?token=`);
      const token = linkToken(mail?.text ?? '');
      const stored = await ctx.db.passwordResetToken.findFirstOrThrow({ where: { userId: user.id } });
      expect(stored.tokenHash).toBe(hashResetToken(token));
      expect(stored.tokenHash).not.toContain(token);
      expect(stored.type).toBe('oac');
      expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeGreaterThan((ctx.env.RESET_TOKEN_TTL_SECONDS - 5) * 1000);

      const bearer = { authorization: `Bearer ${token}` };
      expect((await post('/api/auth/verify-token', { email: user.email }, bearer, ip)).statusCode).toBe(200);
      expect((await post('/api/auth/verify-token', { email: 'someone-else@example.com' }, bearer, ip)).statusCode).toBe(401);
      expect(
        (await post('/api/auth/verify-token', { email: user.email }, { authorization: 'Bearer forged-token-value-123' }, ip)).statusCode,
      ).toBe(401);

      const mismatch = await post('/api/auth/reset-password', { password: 'brand-new-pass', confirmPassword: 'nope-nope' }, bearer, ip);
      expect(mismatch.statusCode).toBe(400);
      const reset = await post('/api/auth/reset-password', { password: 'brand-new-pass', confirmPassword: 'brand-new-pass' }, bearer, ip);
      expect(reset.statusCode).toBe(200);
      expect(reset.json().data).toEqual({ success: true, message: AUTH_MESSAGES.passwordReset });

      const again = await post('/api/auth/reset-password', { password: 'another-pass-1' }, bearer, ip);
      expect(again.statusCode).toBe(401);
      expect(again.json()).toMatchObject({ code: 'UNAUTHORIZED', message: AUTH_MESSAGES.invalidResetToken });
      expect((await post('/api/auth/verify-token', { email: user.email }, bearer, ip)).statusCode).toBe(401);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: oldSession })).statusCode).toBe(401);
      expect((await post('/api/auth/login', { email: user.email, password: DEFAULT_PASSWORD })).statusCode).toBe(401);
      expect((await post('/api/auth/login', { email: user.email, password: 'brand-new-pass' })).statusCode).toBe(200);
      expect(await ctx.db.accessLog.count({ where: { userId: user.id, action: 'reset-password', success: true } })).toBe(1);
    });

    it('refuses an expired token, a token of another type, and keeps only the newest link', async () => {
      const ip = nextIp();
      const user = await newUser({ email: 'expiry@example.com' });
      await post('/api/auth/forgot-password', { email: user.email }, {}, ip);
      const first = linkToken(ctx.mailer.last(user.email)?.text ?? '');
      await post('/api/auth/forgot-password', { email: user.email, type: 'oac' }, {}, ip);
      const second = linkToken(ctx.mailer.last(user.email)?.text ?? '');
      expect(second).not.toBe(first);
      expect((await post('/api/auth/verify-token', { email: user.email }, { authorization: `Bearer ${first}` }, ip)).statusCode).toBe(401);

      const wrongType = await post(
        '/api/auth/reset-password',
        { password: 'brand-new-pass', type: 'other' },
        { authorization: `Bearer ${second}` },
        ip,
      );
      expect(wrongType.statusCode).toBe(401);

      await ctx.db.passwordResetToken.update({
        where: { tokenHash: hashResetToken(second) },
        data: { expiresAt: new Date(Date.now() - 1000) },
      });
      expect(
        (await post('/api/auth/reset-password', { password: 'brand-new-pass' }, { authorization: `Bearer ${second}` }, ip)).statusCode,
      ).toBe(401);
      expect(await verifyPassword((await ctx.db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash, DEFAULT_PASSWORD)).toBe(
        true,
      );
    });

    it('sends no mail for a disabled account but answers the same', async () => {
      const ip = nextIp();
      const user = await newUser({ email: 'disabled-reset@example.com', enabled: false });
      const res = await post('/api/auth/forgot-password', { email: user.email }, {}, ip);
      expect(res.json().data.message).toBe(AUTH_MESSAGES.forgotPasswordSent);
      expect(ctx.mailer.last(user.email)).toBeUndefined();
    });

    it('lets only one of two concurrent resets with the same token succeed', async () => {
      const ip = nextIp();
      const user = await newUser({ email: 'race@example.com' });
      await post('/api/auth/forgot-password', { email: user.email }, {}, ip);
      const token = linkToken(ctx.mailer.last(user.email)?.text ?? '');
      const bearer = { authorization: `Bearer ${token}` };
      const results = await Promise.all([
        post('/api/auth/reset-password', { password: 'first-new-pass' }, bearer, ip),
        post('/api/auth/reset-password', { password: 'second-new-pass' }, bearer, ip),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    });
  });

  it('documents every auth, profile and asset path in the OpenAPI document, public ones without bearer', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown[]; requestBody?: unknown }>>;
    };
    const expected = {
      '/api/auth/login': 'post',
      '/api/auth/register': 'post',
      '/api/auth/logout': 'post',
      '/api/auth/forgot-password': 'post',
      '/api/auth/verify-token': 'post',
      '/api/auth/reset-password': 'post',
      '/api/profile': 'patch',
      '/api/profile/change-password': 'patch',
      '/api/profile/change-active-asset': 'patch',
      '/api/profile/intercom-hash': 'post',
      '/api/profile/access-logs': 'get',
      '/api/assets': 'get',
      '/api/assets/{id}/settings': 'patch',
    } as const;
    for (const [path, method] of Object.entries(expected)) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    expect(doc.paths['/api/auth/login']?.post?.security).toEqual([]);
    expect(doc.paths['/api/auth/logout']?.post?.security).toBeUndefined();
    expect(doc.paths['/api/auth/login']?.post?.requestBody).toMatchObject({
      content: { 'application/json': { schema: { additionalProperties: false } } },
    });
  });

  describe('tRPC door', () => {
    const trpc = (path: string, input: unknown, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
      ctx.app.inject({
        method: 'POST',
        url: `/trpc/${path}`,
        remoteAddress,
        headers: { 'content-type': 'application/json', ...headers },
        payload: JSON.stringify(input),
      });

    it('auth.login answers the same session shape and the same 401 envelope', async () => {
      const user = await newUser({ email: 'trpc-login@example.com' });
      const ok = await trpc('auth.login', { email: user.email, password: DEFAULT_PASSWORD });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().result.data).toMatchObject({ token_type: 'Bearer', access_token: expect.any(String) });
      const bad = await trpc('auth.login', { email: user.email, password: 'wrong-password' });
      expect(bad.statusCode).toBe(401);
      expect(bad.json().error.data.envelope).toEqual({ statusCode: 401, code: 'UNAUTHORIZED', message: AUTH_MESSAGES.invalidCredentials });

      const headers = { authorization: `Bearer ${ok.json().result.data.access_token}` };
      expect((await trpc('auth.logout', undefined, headers)).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: '/trpc/profile.get', headers })).statusCode).toBe(401);
    });

    it('auth.forgotPassword and auth.resetPassword (token in the input) work like REST', async () => {
      const user = await newUser({ email: 'trpc-reset@example.com' });
      const ip = nextIp();
      const forgot = await trpc('auth.forgotPassword', { email: user.email });
      expect(forgot.json().result.data.message).toBe(AUTH_MESSAGES.forgotPasswordSent);
      const token = linkTokenFrom(ctx.mailer.last(user.email)?.text);
      expect((await trpc('auth.verifyToken', { email: user.email, token }, {}, ip)).statusCode).toBe(200);
      const reset = await trpc('auth.resetPassword', { password: 'trpc-new-pass', confirmPassword: 'trpc-new-pass', token }, {}, ip);
      expect(reset.statusCode).toBe(200);
      expect((await trpc('auth.resetPassword', { password: 'trpc-new-pass2', token }, {}, ip)).statusCode).toBe(401);
      expect((await trpc('auth.login', { email: user.email, password: 'trpc-new-pass' })).statusCode).toBe(200);
    });

    it('rejects unknown input fields with the validation envelope', async () => {
      const res = await trpc('auth.login', { email: 'x@example.com', password: 'x', extra: 1 });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.data.code).toBe('VALIDATION_ERROR');
    });
  });
});

function linkTokenFrom(text: string | undefined): string {
  const match = /token=([\w-]+)/.exec(text ?? '');
  if (!match?.[1]) throw new Error('no token in mail');
  return match[1];
}
