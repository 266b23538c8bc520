import { randomUUID } from 'node:crypto';
import type pg from 'pg';

// A million listings of one asset for the listing list bench, generated in SQL (as customers-seed.ts does): Dubai
// communities (a fifth in Dubai Marina, the rest spread over the others), sale and rent, prices from 300,000 to
// 10,300,000, references L-0000001... . Loaded without the secondary indexes, which are built once afterwards.

export const BENCH_COMMUNITIES = [
  'Dubai Marina',
  'Downtown Dubai',
  'Business Bay',
  'Palm Jumeirah',
  'Jumeirah Village Circle',
  'Jumeirah Lake Towers',
  'Dubai Hills Estate',
  'Arabian Ranches',
  'Dubai Creek Harbour',
  'Al Furjan',
  'Town Square',
  'Motor City',
  'The Springs',
  'Meydan',
  'Damac Hills',
  'Al Barsha',
];
const TYPES = ['Apartment', 'Villa', 'Townhouse', 'Penthouse', 'Office'];

export interface SeededListings {
  userId: string;
  assetId: string;
  rows: number;
  seconds: number;
}

const sqlArray = (values: readonly string[]) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]`;

/** The n-th listing's reference. */
export const listingReference = (n: number) => `L-${String(n).padStart(7, '0')}`;

export async function findSeededListings(pool: pg.Pool, rows: number): Promise<SeededListings | null> {
  const found = await pool.query<{ userId: string; assetId: string; rows: number }>(
    `SELECT u.id AS "userId", a.id AS "assetId", (SELECT count(*)::int FROM "Listing" WHERE "assetId" = a.id) AS rows
     FROM "User" u JOIN "Asset" a ON a.name = 'Listings Asset' AND a."companyId" = u."companyId"
     WHERE u.email = 'listings-bench@example.com'`,
  );
  const row = found.rows[0];
  return row && row.rows === rows ? { ...row, seconds: 0 } : null;
}

export async function seedListings(pool: pg.Pool, rows: number): Promise<SeededListings> {
  const started = performance.now();
  const client = await pool.connect();
  try {
    await client.query('SET synchronous_commit = off');
    await client.query(`SET maintenance_work_mem = '512MB'`);
    const [companyId, assetId, userId, roleId] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await client.query(`INSERT INTO "Company" (id, name, "updatedAt") VALUES ($1, 'Listings Bench Co', now())`, [companyId]);
    await client.query(`INSERT INTO "Asset" (id, "companyId", name, "updatedAt") VALUES ($1, $2, 'Listings Asset', now())`, [
      assetId,
      companyId,
    ]);
    const indexes = await client.query<{ name: string; def: string }>(
      `SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE schemaname = 'public' AND tablename = 'Listing'
         AND indexname NOT LIKE '%_pkey' AND indexdef NOT LIKE 'CREATE UNIQUE%'`,
    );
    for (const index of indexes.rows) await client.query(`DROP INDEX "${index.name}"`);
    const others = BENCH_COMMUNITIES.slice(1);
    await client.query(
      `INSERT INTO "Listing" (id, "companyId", "assetId", reference, title, "leadType", "unitType", country, city, location,
         "subLocation", community, bedrooms, bathrooms, price, status, "createdAt", "updatedAt")
       SELECT gen_random_uuid(), $1, $2, 'L-' || lpad(g::text, 7, '0'), t || ' in ' || c, (ARRAY['Sale', 'Rent'])[1 + g % 2], t,
              'United Arab Emirates', 'Dubai', c, 'Building ' || (g % 40), c, g % 6, 1 + g % 5, 300000 + (g::bigint * 7919) % 10000000,
              (ARRAY['Published', 'Published', 'Draft', 'Sold', 'Rented'])[1 + g % 5], created, created
       FROM (
         SELECT g, CASE WHEN g % 5 = 0 THEN 'Dubai Marina' ELSE (${sqlArray(others)})[1 + (g / 5) % ${others.length}] END AS c,
                (${sqlArray(TYPES)})[1 + (g / 3) % ${TYPES.length}] AS t, now() - ($3::int - g) * interval '30 seconds' AS created
         FROM generate_series(1, $3::int) g
       ) s`,
      [companyId, assetId, rows],
    );
    for (const index of indexes.rows) await client.query(index.def);
    await client.query(
      `INSERT INTO "Role" (id, "companyId", name, code, permissions, "updatedAt") VALUES ($1, $2, 'Super Admin', 'SUPER_ADMIN', '{}', now())`,
      [roleId, companyId],
    );
    await client.query(
      `INSERT INTO "User" (id, "companyId", "roleId", "activeAssetId", email, "fullName", "passwordHash", "updatedAt")
       VALUES ($1, $2, $3, $4, 'listings-bench@example.com', 'Bench Admin', 'x', now())`,
      [userId, companyId, roleId, assetId],
    );
    await client.query(`INSERT INTO "UserAsset" ("userId", "assetId") VALUES ($1, $2)`, [userId, assetId]);
    await client.query('VACUUM ANALYZE "Listing"');
    return { userId, assetId, rows, seconds: (performance.now() - started) / 1000 };
  } finally {
    client.release();
  }
}
