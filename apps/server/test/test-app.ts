import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import { buildApp, type App } from '../src/app.js';
import { createDb, type Db } from '../src/db/prisma.js';
import { parseEnv, type Env } from '../src/env.js';
import type { Clock } from '../src/core/deps.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';
import { createMemoryMailer, type Mailer } from '../src/core/mailer.js';

export interface TestContext {
  app: App;
  db: Db;
  redis: Redis;
  env: Env;
  database: TestDatabase;
  /** Every mail the app sent (reset links): tests read them here instead of a real mailbox (unless `mailTransport`). */
  mailer: ReturnType<typeof createMemoryMailer>;
  close: () => Promise<void>;
}

export interface TestAppOptions {
  /** Plain environment strings, validated like production's. */
  envOverrides?: Record<string, string>;
  clock?: Clock;
  /** Capture pino's lines (JSON, one per line) instead of silencing the logger (LOG_LEVEL info unless overridden). */
  loggerStream?: DestinationStream;
  /** Test-only routes or plugins, added after the app's own and before `ready()`. */
  setup?: (app: App) => void | Promise<void>;
  /** A database of the test's own (a private cluster, test/private-postgres.ts) instead of a clone of the template. */
  database?: TestDatabase;
  /** The mail transport instead of the memory one (a local SMTP server); the app logs its mails either way. */
  mailTransport?: Mailer;
}

/** A real app over a fresh database and a Redis key prefix of its own. Call in beforeAll, close in afterAll. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestContext> {
  const database = options.database ?? (await createTestDatabase());
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const env = parseEnv({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `crmtest:${randomBytes(4).toString('hex')}`,
    LOG_LEVEL: options.loggerStream ? 'info' : 'silent',
    RUN_WORKERS: 'false',
    // Tests fire many parallel requests as one user; the per-user limits have their own test (user-limits.test.ts).
    USER_REQUESTS_PER_MINUTE: '0',
    USER_CONCURRENT_REQUESTS: '0',
    JWT_SECRET: randomBytes(32).toString('base64url'),
    INTERCOM_SECRET: randomBytes(16).toString('base64url'),
    INTEGRATIONS_ENC_KEY: randomBytes(32).toString('base64'),
    ...options.envOverrides,
  });
  const db = createDb(database.url, { max: 5 });
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: true });
  const mailer = createMemoryMailer();
  const app = await buildApp({
    env,
    db,
    redis,
    mailer: options.mailTransport ?? mailer,
    logger: Boolean(options.loggerStream),
    ...(options.loggerStream ? { loggerStream: options.loggerStream } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  await options.setup?.(app);
  await app.ready();
  let closed = false;
  return {
    app,
    db,
    redis,
    env,
    database,
    mailer,
    close: async () => {
      if (closed) return;
      closed = true;
      await app.close();
      const keys = await redis.keys(`${env.REDIS_PREFIX}:*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
      await db.$disconnect();
      await database.drop();
    },
  };
}
