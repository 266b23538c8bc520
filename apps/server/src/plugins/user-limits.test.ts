import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { createWorld, type ResourceWorld } from '../resources/resource-test-kit.js';
import { USER_LIMIT_MESSAGES } from '../core/user-limits.js';

// One user's flood slows that user only: a request rate per minute and a number in flight, in Redis (every process
// of the deployment shares the counters), answered 429 with Retry-After in the envelope.

let ctx: TestContext;
let world: ResourceWorld;
let release: () => void = () => undefined;
let held = new Promise<void>((resolve) => {
  release = resolve;
});

beforeAll(async () => {
  ctx = await createTestApp({
    envOverrides: { USER_CONCURRENT_REQUESTS: '2', USER_REQUESTS_PER_MINUTE: '8' },
    setup: (app) => {
      // A request that stays in flight until the test lets it go.
      app.get('/api/test/slow', async () => {
        await held;
        return { ok: true };
      });
      // A long download (a file, an export) that the client may walk away from half-way.
      app.get('/api/test/download', async (_req, reply) => {
        let sent = 0;
        const body = new Readable({
          read() {
            sent += 1;
            setTimeout(() => this.push(sent > 200 ? null : Buffer.alloc(64 * 1024, 120)), 20);
          },
        });
        return reply.type('application/octet-stream').send(body);
      });
    },
  });
  world = await createWorld(ctx);
});
afterAll(async () => ctx.close());

describe('per-user limits', () => {
  it('refuses a request over the in-flight limit, frees the slot when an answer is sent, and spares other users', async () => {
    const user = await world.user([]);
    const other = await world.user([]);
    const slow = (caller: { headers: Record<string, string> }) =>
      ctx.app.inject({ method: 'GET', url: '/api/test/slow', headers: caller.headers });
    const first = slow(user);
    const second = slow(user);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const third = await slow(user);
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBe('1');
    expect(third.json()).toMatchObject({ code: 'RATE_LIMITED', message: USER_LIMIT_MESSAGES.concurrent });
    // Someone else is not held back by this user.
    const theirs = slow(other);
    release();
    expect((await first).statusCode).toBe(200);
    expect((await second).statusCode).toBe(200);
    expect((await theirs).statusCode).toBe(200);
    // The slots came back with the answers.
    held = Promise.resolve();
    expect((await slow(user)).statusCode).toBe(200);
  });

  it('refuses requests over the rate of the minute, on both doors, with the time to wait', async () => {
    const user = await world.user([]);
    const list = () => ctx.app.inject({ method: 'GET', url: '/api/profile', headers: user.headers });
    for (let i = 0; i < 8; i++) expect((await list()).statusCode).toBe(200);
    const limited = await list();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(1);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', message: USER_LIMIT_MESSAGES.rate });
    const viaTrpc = await ctx.app.inject({ method: 'GET', url: '/trpc/profile.get', headers: user.headers });
    expect(viaTrpc.statusCode).toBe(429);
    const keys = await ctx.redis.keys(`${ctx.env.REDIS_PREFIX}:user-limits:*`);
    expect(keys.length).toBeGreaterThan(0);
  });

  it('gives the slot back when the client walks away, before the answer or in the middle of a download', async () => {
    const user = await world.user([]);
    const inflightKey = `${ctx.env.REDIS_PREFIX}:user-limits:inflight:${user.userId}`;
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const open = (path: string) =>
      new Promise<http.ClientRequest>((resolve) => {
        const request = http.get({ host: '127.0.0.1', port, path, headers: user.headers }, (res) => {
          res.once('data', () => resolve(request));
        });
        request.on('error', () => undefined);
        if (path.endsWith('slow')) setTimeout(() => resolve(request), 300);
      });
    held = new Promise<void>(() => undefined);
    // Walked away before any answer.
    const waiting = await open('/api/test/slow');
    expect(await ctx.redis.get(inflightKey)).toBe('1');
    waiting.destroy();
    await expect.poll(() => ctx.redis.get(inflightKey), { timeout: 5_000 }).toBeNull();
    // Walked away from a download after its first bytes, twice: the limit (2) would refuse the next call otherwise.
    for (let i = 0; i < 2; i++) {
      const download = await open('/api/test/download');
      expect(await ctx.redis.get(inflightKey)).toBe('1');
      download.destroy();
      await expect.poll(() => ctx.redis.get(inflightKey), { timeout: 5_000 }).toBeNull();
    }
    held = Promise.resolve();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/test/slow', headers: user.headers })).statusCode).toBe(200);
  });
});
