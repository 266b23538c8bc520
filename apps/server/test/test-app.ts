import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { buildApp, type App } from '../src/app.js';
import { createDb, type Db } from '../src/db/prisma.js';
import { parseEnv, type Env } from '../src/env.js';
import type { Clock } from '../src/core/deps.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export interface TestContext {
  app: App;
  db: Db;
  redis: Redis;
  env: Env;
  database: TestDatabase;
  close: () => Promise<void>;
}

/**
 * A real app over a fresh database and a Redis key prefix of its own. Call in beforeAll, close in afterAll.
 * `envOverrides` are plain environment strings, validated like production's.
 */
export async function createTestApp(options: { envOverrides?: Record<string, string>; clock?: Clock } = {}): Promise<TestContext> {
  const database = await createTestDatabase();
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const env = parseEnv({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `crmtest:${randomBytes(4).toString('hex')}`,
    LOG_LEVEL: 'silent',
    RUN_WORKERS: 'false',
    ...options.envOverrides,
  });
  const db = createDb(database.url, { max: 5 });
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: true });
  const app = await buildApp({ env, db, redis, logger: false, ...(options.clock ? { clock: options.clock } : {}) });
  await app.ready();
  return {
    app,
    db,
    redis,
    env,
    database,
    close: async () => {
      await app.close();
      const keys = await redis.keys(`${env.REDIS_PREFIX}:*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
      await db.$disconnect();
      await database.drop();
    },
  };
}
