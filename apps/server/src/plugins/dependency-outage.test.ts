import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.js';
import { createDb } from '../db/prisma.js';
import { parseEnv } from '../env.js';
import { createMemoryMailer } from '../core/mailer.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

// PostgreSQL or Redis not answering: 503 with Retry-After in the envelope, naming nothing internal.

const DEAD_PORT = 1;
const secrets = { JWT_SECRET: randomBytes(32).toString('base64url'), INTERCOM_SECRET: randomBytes(16).toString('base64url') };

async function appWith(databaseUrl: string, redisUrl: string): Promise<App> {
  const env = parseEnv({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    LOG_LEVEL: 'silent',
    RUN_WORKERS: 'false',
    ...secrets,
  });
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 0, enableOfflineQueue: false, lazyConnect: true, retryStrategy: () => null });
  redis.on('error', () => undefined);
  const app = await buildApp({ env, db: createDb(databaseUrl, { max: 1 }), redis, mailer: createMemoryMailer(), logger: false });
  await app.ready();
  return app;
}

function expectUnavailable(res: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  expect(res.statusCode, res.body).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  const body = JSON.parse(res.body) as Record<string, unknown>;
  expect(body).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' });
  expect(res.body).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|postgres|redis/i);
}

describe('a dependency that does not answer', () => {
  let healthy: TestContext;
  beforeAll(async () => {
    healthy = await createTestApp();
  });
  afterAll(async () => healthy.close());

  it('answers 503 when Redis is down (login counts attempts in Redis)', async () => {
    const app = await appWith(healthy.database.url, `redis://127.0.0.1:${DEAD_PORT}`);
    try {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@example.com', password: 'Passw0rd!' } });
      expectUnavailable(res);
    } finally {
      await app.close();
    }
  });

  it('answers 503 when PostgreSQL is down, on both doors', async () => {
    const app = await appWith(`postgresql://postgres@127.0.0.1:${DEAD_PORT}/crm`, process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'b@example.com', password: 'Passw0rd!' },
      });
      expectUnavailable(login);
      const trpc = await app.inject({
        method: 'POST',
        url: '/trpc/auth.login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'c@example.com', password: 'Passw0rd!' }),
      });
      expect(trpc.statusCode, trpc.body).toBe(503);
      expect(trpc.headers['retry-after']).toBe('5');
      expect(trpc.body).not.toMatch(/127\.0\.0\.1|ECONNREFUSED/);
    } finally {
      await app.close();
    }
  });
});
