import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { buildApp } from '../../apps/server/src/app.js';
import { createDb } from '../../apps/server/src/db/prisma.js';
import { parseEnv } from '../../apps/server/src/env.js';
import { issueAccessToken } from '../../apps/server/src/modules/auth/access-token.service.js';
import type { BenchDatabase } from './lib/bench-database.js';
import { loadHttp, loadSql } from './lib/load.js';
import { formatRatio, formatRow } from './lib/stats.js';

// The generic list endpoint over 100,000 records of one asset (customers), beside the same SQL through pg.
const ROWS = Number(process.env.BENCH_GENERIC_ROWS ?? 100_000);

async function seed(pool: pg.Pool) {
  const companyId = randomUUID();
  const assetId = randomUUID();
  const otherAssetId = randomUUID();
  const roleId = randomUUID();
  const userId = randomUUID();
  await pool.query(`INSERT INTO "Company" (id, name, "updatedAt") VALUES ($1, 'Bench Co', now())`, [companyId]);
  await pool.query(
    `INSERT INTO "Asset" (id, "companyId", name, "updatedAt") VALUES ($1, $3, 'Bench Asset', now()), ($2, $3, 'Other Asset', now())`,
    [assetId, otherAssetId, companyId],
  );
  await pool.query(
    `INSERT INTO "Role" (id, "companyId", name, code, permissions, "updatedAt") VALUES ($1, $2, 'Super Admin', 'SUPER_ADMIN', '{}', now())`,
    [roleId, companyId],
  );
  await pool.query(
    `INSERT INTO "User" (id, "companyId", "roleId", "activeAssetId", email, "fullName", "passwordHash", "updatedAt") VALUES ($1, $2, $3, $4, 'bench@example.com', 'Bench User', 'x', now())`,
    [userId, companyId, roleId, assetId],
  );
  for (const [asset, count] of [
    [assetId, ROWS],
    [otherAssetId, Math.round(ROWS / 10)],
  ] as const) {
    await pool.query(
      `INSERT INTO "Customer" (id, "companyId", "assetId", "customerID", "firstName", "lastName", "fullName", "phoneCode", phone, "phoneNumber", email, type, "createdAt", "updatedAt")
       SELECT gen_random_uuid(), $1, $2, 'C-' || lpad(g::text, 7, '0'), 'First' || g, 'Last' || g, 'First' || g || ' Last' || g, '+971', '50' || lpad((g % 10000000)::text, 7, '0'),
              '+97150' || lpad((g % 10000000)::text, 7, '0'), 'customer' || g || '@example.com',
              (ARRAY['Client', 'External Agent', 'Spam'])[1 + g % 3], now() - (g || ' minutes')::interval, now()
       FROM generate_series(1, $3::int) g`,
      [companyId, asset, count],
    );
  }
  await pool.query('ANALYZE');
  return { assetId, user: { id: userId, tokenVersion: 0 } };
}

export async function benchGenericList(database: BenchDatabase, options: { seconds: number; connections: number }): Promise<string[]> {
  const started = performance.now();
  const { assetId, user } = await seed(database.pool);
  const lines = [
    `seeded ${ROWS} customers (+${Math.round(ROWS / 10)} in a second asset) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  ];

  const env = parseEnv({
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-123',
    INTERCOM_SECRET: 'bench-intercom-secret',
    DATABASE_URL: database.url,
    LOG_LEVEL: 'silent',
    RUN_WORKERS: 'false',
    REDIS_PREFIX: `crmbench:${randomUUID().slice(0, 6)}`,
  });
  const db = createDb(database.url, { max: 10 });
  const app = await buildApp({ env, db, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const token = await issueAccessToken(app.deps, user);
  const filter = encodeURIComponent(JSON.stringify({ page: 1, limit: 20, sort: { createdAt: -1 } }));
  const url = `${address}/api/customers?filter=${filter}`;
  const headers = { authorization: `Bearer ${token.access_token}` };

  const probe = await fetch(url, { headers });
  const body = (await probe.json()) as { meta?: { total?: number } };
  if (!probe.ok || body.meta?.total !== ROWS)
    throw new Error(`generic list probe failed: ${probe.status} ${JSON.stringify(body).slice(0, 300)}`);

  const columns = `id, "assetId", "companyId", "customerID", "firstName", "lastName", "fullName", "phoneCode", phone, "phoneNumber", email, type, enabled, "doNotDisturb", "createdAt", "updatedAt", "creatorId", "updatedById"`;
  const sql = async (pool: pg.Pool) => {
    await Promise.all([
      pool.query(
        `SELECT ${columns} FROM "Customer" WHERE "assetId" = $1 AND "deletedAt" IS NULL ORDER BY "createdAt" DESC, id DESC LIMIT 20 OFFSET 0`,
        [assetId],
      ),
      pool.query(`SELECT count(*) FROM "Customer" WHERE "assetId" = $1 AND "deletedAt" IS NULL`, [assetId]),
    ]);
  };
  await loadHttp('warm-up', url, headers, { connections: options.connections, seconds: 2 });
  const api = await loadHttp('GET /api/customers page 1 (100k rows)', url, headers, options);
  const direct = await loadSql('same SQL through pg', database.pool, sql, options);
  lines.push(formatRow(api), formatRow(direct), formatRatio('generic list', api, direct, 3));

  await app.close();
  await db.$disconnect();
  return lines;
}
