import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, generateKeyPair } from 'jose';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { secretOf } from '../../core/server-secrets.js';
import { createAsset, createRole, createTenant, createUser, loginAs } from '../../../test/factories.js';
import type { Clock } from '../../core/deps.js';
import { sqlPoolOf } from '../../db/prisma.js';

// Token verification (access-token.service.ts) through a real protected route: every way a token can be
// wrong answers 401 with the error envelope; naming another user's asset answers 403.

const PROTECTED = '/api/profile';

function decodePayload(token: string): Record<string, unknown> {
  const part = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

describe('access token verification', () => {
  let current = new Date('2026-03-01T08:00:00.000Z');
  const clock: Clock = { now: () => new Date(current.getTime()) };
  let ctx: TestContext;
  let token: string;
  let claims: Record<string, unknown>;
  const secret = () => new TextEncoder().encode(secretOf(ctx.env, 'JWT_SECRET'));

  /** A token with the real token's claims, signed and shaped as the test says. */
  function forge(overrides: Record<string, unknown> = {}) {
    return new SignJWT({ ver: claims.ver, ...overrides })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.sub))
      .setJti(String(claims.jti))
      .setIssuer(String(overrides.iss ?? claims.iss))
      .setAudience(String(overrides.aud ?? claims.aud))
      .setIssuedAt(Number(claims.iat))
      .setExpirationTime(Number(claims.exp));
  }

  async function expect401(headers: Record<string, string>) {
    const res = await ctx.app.inject({ method: 'GET', url: PROTECTED, headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
    return res.json() as { message: string };
  }

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    const { company, asset } = await createTenant(ctx);
    const role = await createRole(ctx, ['LEADS_REPORT_VIEW'], { company });
    const user = await createUser(ctx, { role, assets: [asset], email: 'token@example.com' });
    token = (await loginAs(ctx, user.email)).authorization.slice('Bearer '.length);
    claims = decodePayload(token);
  });
  afterAll(async () => ctx.close());

  it('accepts the genuine token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: PROTECTED, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBe('token@example.com');
  });

  it('refuses a missing or malformed Authorization header', async () => {
    await expect401({});
    await expect401({ authorization: 'Basic abc' });
    await expect401(bearer('not-a-jwt'));
  });

  it('refuses a token signed with another secret (forged signature)', async () => {
    const forged = await forge().sign(new TextEncoder().encode('another-secret-of-at-least-32-characters!!'));
    expect((await expect401(bearer(forged))).message).toBe('Invalid token');
  });

  it('refuses a tampered payload under the original signature', async () => {
    const [header, , signature] = token.split('.');
    const payload = Buffer.from(JSON.stringify({ ...claims, sub: '00000000-0000-4000-8000-000000000000' })).toString('base64url');
    await expect401(bearer(`${header}.${payload}.${signature}`));
  });

  it("refuses alg 'none' (unsigned token)", async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    await expect401(bearer(`${header}.${payload}.`));
  });

  it('refuses an RS256 token even with valid claims (algorithm allowlist)', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const rs = await new SignJWT({ ver: claims.ver })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setSubject(String(claims.sub))
      .setJti(String(claims.jti))
      .setIssuer(String(claims.iss))
      .setAudience(String(claims.aud))
      .setIssuedAt(Number(claims.iat))
      .setExpirationTime(Number(claims.exp))
      .sign(privateKey);
    await expect401(bearer(rs));
  });

  it('refuses a wrong issuer and a wrong audience', async () => {
    await expect401(bearer(await forge({ iss: 'someone-else' }).sign(secret())));
    await expect401(bearer(await forge({ aud: 'another-app' }).sign(secret())));
  });

  it('accepts a token re-signed with the real secret and claims (the forge helper is faithful)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: PROTECTED, headers: bearer(await forge().sign(secret())) });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a token naming no session (unknown jti)', async () => {
    await expect401(bearer(await forge().setJti('7b0c5b8e-0000-4000-8000-000000000000').sign(secret())));
  });

  it('refuses an expired token (fixed clock moved past the expiry)', async () => {
    const fresh = (await loginAs(ctx, 'token@example.com')).authorization;
    // Used once before it expires: a token already verified is judged on its expiry all the same.
    expect((await ctx.app.inject({ method: 'GET', url: PROTECTED, headers: { authorization: fresh } })).statusCode).toBe(200);
    const saved = current;
    current = new Date(current.getTime() + (ctx.env.ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
    try {
      expect((await expect401({ authorization: fresh })).message).toBe('Token expired');
    } finally {
      current = saved;
    }
    const res = await ctx.app.inject({ method: 'GET', url: PROTECTED, headers: { authorization: fresh } });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a revoked token (after logout)', async () => {
    const headers = await loginAs(ctx, 'token@example.com');
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
    expect(out.statusCode).toBe(200);
    expect((await expect401(headers)).message).toBe('Token revoked');
  });

  it('refuses the token of a user disabled after login', async () => {
    const { company, asset } = await createTenant(ctx);
    const role = await createRole(ctx, [], { company });
    const user = await createUser(ctx, { role, assets: [asset] });
    const headers = await loginAs(ctx, user.email);
    await ctx.db.user.update({ where: { id: user.id }, data: { enabled: false } });
    expect((await expect401(headers)).message).toBe('User is disabled');
  });

  it('refuses tokens issued before a tokenVersion bump', async () => {
    const { company, asset } = await createTenant(ctx);
    const role = await createRole(ctx, [], { company });
    const user = await createUser(ctx, { role, assets: [asset] });
    const headers = await loginAs(ctx, user.email);
    await ctx.db.user.update({ where: { id: user.id }, data: { tokenVersion: { increment: 1 } } });
    await expect401(headers);
  });

  it('answers each of many simultaneous callers as themselves, from one read of their sessions', async () => {
    const { company, asset } = await createTenant(ctx);
    const role = await createRole(ctx, [], { company });
    const users = await Promise.all(
      ['a', 'b', 'c'].map((name) => createUser(ctx, { role, assets: [asset], email: `burst-${name}@example.com` })),
    );
    const [first, second, third] = await Promise.all(users.map((user) => loginAs(ctx, user.email)));
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: third });
    const unknown = bearer(await forge().setJti('7b0c5b8e-0000-4000-8000-000000000001').sign(secret()));

    const sessionReads = spyOnSessionReads();
    const callers = [first, second, third, unknown, first, second];
    const answers = await Promise.all(callers.map((headers) => ctx.app.inject({ method: 'GET', url: PROTECTED, headers })));
    sessionReads.stop();

    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 401, 401, 200, 200]);
    const emails = answers.map((res) =>
      res.statusCode === 200 ? (res.json() as { data: { email: string } }).data.email : res.json().message,
    );
    expect(emails).toEqual([
      'burst-a@example.com',
      'burst-b@example.com',
      'Token revoked',
      'Invalid token',
      'burst-a@example.com',
      'burst-b@example.com',
    ]);
    // The six calls of one turn of the event loop: fewer reads than calls (one, unless the pool split them).
    expect(sessionReads.count).toBeGreaterThan(0);
    expect(sessionReads.count).toBeLessThan(callers.length);
  });

  /** Counts the session reads sent to PostgreSQL (the session query names AuthSession in its FROM). */
  function spyOnSessionReads() {
    const pool = sqlPoolOf(ctx.db);
    if (!pool) throw new Error('the test app has no pg pool');
    const original = pool.query.bind(pool);
    const spy = {
      count: 0,
      stop: () => {
        pool.query = original;
      },
    };
    pool.query = ((text: unknown, ...rest: unknown[]) => {
      if (typeof text === 'string' && text.includes('FROM "AuthSession"')) spy.count += 1;
      return (original as (...args: unknown[]) => unknown)(text, ...rest);
    }) as typeof pool.query;
    return spy;
  }

  describe('tenancy (?asset=)', () => {
    it('answers 403 for an asset that is not the user’s, 200 for one that is', async () => {
      const { company, asset } = await createTenant(ctx);
      const second = await createAsset(ctx, { company });
      const notMine = await createAsset(ctx, { company });
      const foreign = await createTenant(ctx);
      const role = await createRole(ctx, [], { company });
      const user = await createUser(ctx, { role, assets: [asset, second] });
      const headers = await loginAs(ctx, user.email);

      for (const other of [notMine.id, foreign.asset.id, 'not-a-uuid']) {
        const res = await ctx.app.inject({ method: 'GET', url: `${PROTECTED}?asset=${other}`, headers });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
      }
      const own = await ctx.app.inject({ method: 'GET', url: `${PROTECTED}?asset=${second.id}`, headers });
      expect(own.statusCode).toBe(200);
    });

    it('lets super access name any asset of its own company, but not another company’s', async () => {
      const { company, asset } = await createTenant(ctx);
      const other = await createAsset(ctx, { company });
      const foreign = await createTenant(ctx);
      const role = await createRole(ctx, ['SUPER_ACCESS'], { company });
      const user = await createUser(ctx, { role, assets: [asset] });
      const headers = await loginAs(ctx, user.email);
      expect((await ctx.app.inject({ method: 'GET', url: `${PROTECTED}?asset=${other.id}`, headers })).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: `${PROTECTED}?asset=${foreign.asset.id}`, headers })).statusCode).toBe(403);
    });
  });
});
