import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createRole, createTenant, createUser, DEFAULT_PASSWORD } from '../../../test/factories.js';
import { movingClock } from '../leads/testing.js';
import { hashRefreshToken } from './access-token.service.js';

// Refresh tokens of the web session (docs/api.md 'Refresh tokens') over real PostgreSQL and Redis: rotated on each
// refresh, a spent one refused and its family revoked, revoked on logout and on a password change, stored hashed.

const clock = movingClock(new Date('2026-11-22T08:00:00.000Z'));
let ctx: TestContext;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let role: Awaited<ReturnType<typeof createRole>>;
let ipCounter = 0;
const nextIp = () => `10.9.0.${++ipCounter}`;

interface SessionBody {
  access_token: string;
  refresh_token: string;
  expires_at: string;
  refresh_expires_at: string;
}

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, headers, remoteAddress: nextIp(), ...(payload ? { payload } : {}) });
const profile = (session: SessionBody) =>
  ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { authorization: `Bearer ${session.access_token}` } });
const refresh = (session: SessionBody) => post('/api/auth/refresh', { refresh_token: session.refresh_token });

async function signIn(): Promise<SessionBody> {
  const user = await createUser(ctx, { role, assets: [tenant.asset] });
  const res = await post('/api/auth/login', { email: user.email, password: DEFAULT_PASSWORD });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  tenant = await createTenant(ctx);
  role = await createRole(ctx, ['LEADS_REPORT_VIEW'], { company: tenant.company });
});
afterAll(async () => ctx.close());

describe('refresh tokens', () => {
  it('login answers a refresh token, stored only as its hash, that outlives the access token', async () => {
    const session = await signIn();
    expect(session.refresh_token).toMatch(/^[\w-]{43}$/);
    expect(Date.parse(session.refresh_expires_at)).toBeGreaterThan(Date.parse(session.expires_at));
    const row = await ctx.db.refreshToken.findUniqueOrThrow({ where: { tokenHash: hashRefreshToken(session.refresh_token) } });
    expect(JSON.stringify(row)).not.toContain(session.refresh_token);
  });

  it('gives a new session after the access token expired, and the spent refresh token is refused', async () => {
    const first = await signIn();
    clock.advanceMinutes(ctx.env.ACCESS_TOKEN_TTL_SECONDS / 60 + 1);
    expect((await profile(first)).statusCode).toBe(401);
    const res = await refresh(first);
    expect(res.statusCode, res.body).toBe(200);
    const second: SessionBody = res.json().data;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await profile(second)).statusCode).toBe(200);
    const again = await refresh(first);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ statusCode: 401, code: 'UNAUTHORIZED', message: AUTH_MESSAGES.invalidRefreshToken });
  });

  it('revokes the whole family when a spent refresh token is used again (a stolen copy)', async () => {
    const first = await signIn();
    const second: SessionBody = (await refresh(first)).json().data;
    expect((await refresh(first)).statusCode).toBe(401);
    // The legitimate holder's newer tokens die with it.
    expect((await profile(second)).statusCode).toBe(401);
    expect((await refresh(second)).statusCode).toBe(401);
  });

  it('lets only one of two simultaneous refreshes of one token win', async () => {
    const session = await signIn();
    const answers = await Promise.all([refresh(session), refresh(session)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
  });

  it('logout ends the refresh token and every access token of the sign-in', async () => {
    const first = await signIn();
    const second: SessionBody = (await refresh(first)).json().data;
    const out = await post('/api/auth/logout', undefined, { authorization: `Bearer ${second.access_token}` });
    expect(out.statusCode).toBe(200);
    expect((await refresh(second)).statusCode).toBe(401);
    expect((await profile(first)).statusCode).toBe(401);
  });

  it('a password change ends every refresh token of the user', async () => {
    const session = await signIn();
    const change = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/profile/change-password',
      headers: { authorization: `Bearer ${session.access_token}` },
      payload: { currentPassword: DEFAULT_PASSWORD, password: 'another-pass-1', confirmPassword: 'another-pass-1' },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await refresh(session)).statusCode).toBe(401);
    const fresh = await refresh(change.json().data);
    expect(fresh.statusCode, fresh.body).toBe(200);
  });

  it('refuses an expired or unknown refresh token', async () => {
    const session = await signIn();
    clock.advanceMinutes(ctx.env.REFRESH_TOKEN_TTL_SECONDS / 60 + 1);
    expect((await refresh(session)).statusCode).toBe(401);
    expect((await post('/api/auth/refresh', { refresh_token: 'x'.repeat(43) })).statusCode).toBe(401);
    expect((await post('/api/auth/refresh', {})).statusCode).toBe(400);
  });
});
