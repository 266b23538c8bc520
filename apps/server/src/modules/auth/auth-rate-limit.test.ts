import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createRole, createTenant, createUser, loginAs } from '../../../test/factories.js';
import { secretOf } from '../../core/server-secrets.js';
import { AUTH_RATE_LIMITS } from './auth-rate-limit.js';

// The brute-force brakes hold across processes: two app instances sharing Redis (same REDIS_PREFIX) share
// every counter, and the REST and tRPC doors spend one budget.

describe('auth rate limits (Redis-backed)', () => {
  let first: TestContext;
  let second: TestContext;

  beforeAll(async () => {
    first = await createTestApp();
    // A second process of the same deployment: same Redis prefix, same signing secret.
    second = await createTestApp({
      envOverrides: { REDIS_PREFIX: first.env.REDIS_PREFIX, JWT_SECRET: secretOf(first.env, 'JWT_SECRET') },
    });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const login = (ctx: TestContext, email: string, remoteAddress: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password: 'wrong-password' } });

  it('shares the login counter between two app instances and answers 429 RATE_LIMITED with Retry-After', async () => {
    const { max } = AUTH_RATE_LIMITS.login;
    const ip = '203.0.113.10';
    for (let attempt = 0; attempt < max; attempt++) {
      // Alternate instances: each sees only half the attempts, yet the budget is spent in full.
      const res = await login(attempt % 2 ? second : first, 'victim@example.com', ip);
      expect(res.statusCode).toBe(401);
    }
    for (const ctx of [first, second]) {
      const res = await login(ctx, 'victim@example.com', ip);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({
        statusCode: 429,
        code: 'RATE_LIMITED',
        message: AUTH_MESSAGES.tooManyRequests,
        data: { retryAfter: expect.any(Number) },
      });
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(AUTH_RATE_LIMITS.login.timeWindowMs / 1000);
    }
    // The key is IP + email: another account from that IP, or that account from another IP, still gets through.
    expect((await login(first, 'someone-else@example.com', ip)).statusCode).toBe(401);
    expect((await login(second, 'victim@example.com', '203.0.113.11')).statusCode).toBe(401);
    // The counter lives in Redis under the shared prefix.
    const keys = await first.redis.keys(`${first.env.REDIS_PREFIX}:rate-limit:auth:*`);
    expect(keys.length).toBeGreaterThan(0);
  });

  it('counts tRPC and REST attempts against one budget; tRPC answers 429 with Retry-After too', async () => {
    const ip = '203.0.113.20';
    const email = 'both-doors@example.com';
    const trpcLogin = () =>
      first.app.inject({
        method: 'POST',
        url: '/trpc/auth.login',
        remoteAddress: ip,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email, password: 'wrong-password' }),
      });
    for (let attempt = 0; attempt < AUTH_RATE_LIMITS.login.max; attempt++) {
      const res = attempt % 2 ? await trpcLogin() : await login(second, email, ip);
      expect(res.statusCode).toBe(401);
    }
    const limited = await trpcLogin();
    expect(limited.statusCode, limited.body).toBe(429);
    expect(limited.json().error.data.envelope).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(first, email, ip)).statusCode).toBe(429);
  });

  it('limits forgot-password per IP and email without revealing whether the account exists', async () => {
    const ip = '203.0.113.30';
    const forgot = (ctx: TestContext) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress: ip, payload: { email: 'mailbomb@example.com' } });
    for (let attempt = 0; attempt < AUTH_RATE_LIMITS.forgotPassword.max; attempt++) {
      expect((await forgot(attempt % 2 ? second : first)).statusCode).toBe(200);
    }
    const limited = await forgot(first);
    expect(limited.statusCode, limited.body).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('limits reset-password per IP (token guessing), shared with verify-token', async () => {
    const ip = '203.0.113.40';
    const guess = (ctx: TestContext, url: string, payload: object) =>
      ctx.app.inject({ method: 'POST', url, remoteAddress: ip, headers: { authorization: 'Bearer guessed-token-0000000000' }, payload });
    for (let attempt = 0; attempt < AUTH_RATE_LIMITS.resetPassword.max; attempt++) {
      const res =
        attempt % 2
          ? await guess(second, '/api/auth/verify-token', { email: 'a@example.com' })
          : await guess(first, '/api/auth/reset-password', { password: 'new-password' });
      expect(res.statusCode).toBe(401);
    }
    expect((await guess(second, '/api/auth/reset-password', { password: 'new-password' })).statusCode).toBe(429);
  });

  it('limits one address trying a password against many accounts (spraying), across instances', async () => {
    const ip = '203.0.113.50';
    const { max } = AUTH_RATE_LIMITS.loginPerIp;
    for (let attempt = 0; attempt < max; attempt++) {
      const res = await login(attempt % 2 ? second : first, `sprayed-${attempt}@example.com`, ip);
      expect(res.statusCode).toBe(401);
    }
    const limited = await login(first, 'one-more@example.com', ip);
    expect(limited.statusCode, limited.body).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another address is not held back by this one.
    expect((await login(second, 'one-more@example.com', '203.0.113.51')).statusCode).toBe(401);
  });

  it('counts only failed sign-ins: an office behind one address signs in all day, a guesser is stopped', async () => {
    const ip = '203.0.113.60';
    const tenant = await createTenant(first);
    const role = await createRole(first, [], { company: tenant.company });
    const user = await createUser(first, { role, assets: [tenant.asset], email: 'busy-office@example.com' });
    const signIn = (password: string) =>
      first.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { email: user.email, password } });
    // More successful sign-ins from one address than either budget holds: none is refused.
    const rounds = AUTH_RATE_LIMITS.loginPerIp.max + 5;
    for (let i = 0; i < rounds; i++) expect((await signIn(user.password)).statusCode).toBe(200);
    // Failures still count, and once the account's budget is spent even the right password waits.
    for (let i = 0; i < AUTH_RATE_LIMITS.login.max; i++) expect((await signIn('wrong-password')).statusCode).toBe(401);
    const held = await signIn(user.password);
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits guessing the current password through change-password, per signed-in user', async () => {
    const tenant = await createTenant(first);
    const role = await createRole(first, [], { company: tenant.company });
    const user = await createUser(first, { role, assets: [tenant.asset], email: 'change-guess@example.com' });
    const headers = await loginAs(first, user.email);
    const payload = { currentPassword: 'not-it-0', password: 'N3w-Passw0rd!', confirmPassword: 'N3w-Passw0rd!' };
    // One instance: the second runs on a database of its own, where this user does not exist.
    const change = () => first.app.inject({ method: 'PATCH', url: '/api/profile/change-password', headers, payload });
    for (let attempt = 0; attempt < AUTH_RATE_LIMITS.changePassword.max; attempt++) {
      const res = await change();
      expect(res.statusCode, res.body).not.toBe(429);
    }
    const limited = await change();
    expect(limited.statusCode, limited.body).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });
});
