import { randomUUID } from 'node:crypto';
import { buildApp, type App } from '../../../apps/server/src/app.js';
import { createDb, type Db } from '../../../apps/server/src/db/prisma.js';
import { parseEnv } from '../../../apps/server/src/env.js';
import { issueAccessToken } from '../../../apps/server/src/modules/auth/access-token.service.js';

// The real server for the leads benchmarks, listening on a free port over the bench database, with a bearer
// token of the seeded SUPER_ADMIN.

export interface BenchApp {
  app: App;
  db: Db;
  address: string;
  headers: Record<string, string>;
  close: () => Promise<void>;
}

export async function startBenchApp(
  databaseUrl: string,
  userId: string,
  options: { storageDir?: string; runWorkers?: boolean } = {},
): Promise<BenchApp> {
  const env = parseEnv({
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-123',
    INTERCOM_SECRET: 'bench-intercom-secret',
    INTEGRATIONS_ENC_KEY: Buffer.alloc(32, 3).toString('base64'),
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
    RUN_WORKERS: options.runWorkers ? 'true' : 'false',
    JOBS_CLOSE_TIMEOUT_MS: '2000',
    REDIS_PREFIX: `crmbench:${randomUUID().slice(0, 6)}`,
    // One user drives every call of a benchmark: the per-user limits (their own tests) would answer 429s instead.
    USER_REQUESTS_PER_MINUTE: '0',
    USER_CONCURRENT_REQUESTS: '0',
    ...(options.storageDir ? { STORAGE_DIR: options.storageDir } : {}),
  });
  const db = createDb(databaseUrl, { max: 10 });
  const app = await buildApp({ env, db, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const token = await issueAccessToken(app.deps, { id: userId, tokenVersion: 0 });
  return {
    app,
    db,
    address,
    headers: { authorization: `Bearer ${token.access_token}` },
    close: async () => {
      // This run's Redis keys (count cache, queues) go with it.
      const keys = await app.deps.redis.keys(`${env.REDIS_PREFIX}:*`);
      if (keys.length) await app.deps.redis.del(...keys);
      await app.close();
      await db.$disconnect();
    },
  };
}
