import { randomUUID } from 'node:crypto';
import type pg from 'pg';

// Customers for the generic list benchmark, made inside PostgreSQL (INSERT ... SELECT generate_series, as
// leads-seed.ts does): one big asset beside a small one of the same company. Names are drawn from short lists,
// so a name typed in the search matches a few hundred customers of a million, as in a real book; phone numbers,
// emails and customer ids are unique. Rows arrive in time order (the heap follows the created date).

export interface SeededCustomerAsset {
  id: string;
  customers: number;
}

export interface SeededCustomers {
  userId: string;
  big: SeededCustomerAsset;
  small: SeededCustomerAsset;
  seconds: number;
}

export const FIRST_NAMES = [
  'Fatima',
  'Mohammed',
  'Aisha',
  'Omar',
  'Layla',
  'Yusuf',
  'Mariam',
  'Khalid',
  'Noor',
  'Hassan',
  'Sara',
  'Ali',
  'Hana',
  'Ahmed',
  'Leila',
  'Tariq',
  'Zainab',
  'Karim',
  'Amira',
  'Rashid',
  'Emma',
  'James',
  'Olivia',
  'Daniel',
  'Sophia',
  'Michael',
  'Chloe',
  'David',
  'Grace',
  'Thomas',
  'Priya',
  'Arjun',
  'Ananya',
  'Rahul',
  'Meera',
  'Vikram',
  'Elena',
  'Ivan',
  'Anna',
  'Dmitri',
];
export const LAST_NAMES = [
  'Khan',
  'Al Mansoori',
  'Haddad',
  'Rahman',
  'Al Farsi',
  'Nasser',
  'Saleh',
  'Karimi',
  'Aziz',
  'Hussain',
  'Smith',
  'Johnson',
  'Brown',
  'Taylor',
  'Wilson',
  'Clarke',
  'Walker',
  'Wright',
  'Evans',
  'Hughes',
  'Sharma',
  'Patel',
  'Iyer',
  'Reddy',
  'Nair',
  'Kapoor',
  'Mehta',
  'Joshi',
  'Menon',
  'Pillai',
  'Ivanova',
  'Petrov',
  'Sokolov',
  'Popescu',
  'Novak',
  'Horvat',
  'Kowalski',
  'Schmidt',
  'Weber',
  'Fischer',
  'Rossi',
  'Russo',
  'Ferrari',
  'Garcia',
  'Lopez',
  'Martin',
  'Bernard',
  'Dubois',
  'Moreau',
  'Laurent',
  'Chen',
  'Wang',
  'Li',
  'Zhang',
  'Tanaka',
  'Sato',
  'Kim',
  'Park',
  'Nguyen',
  'Tran',
];

const sqlArray = (values: readonly string[]) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]`;

/** The n-th customer's phone, as stored (phoneNumber) and as a person types it. */
export function customerPhone(n: number): { stored: string; typed: string } {
  const local = String(n % 10_000_000).padStart(7, '0');
  return { stored: `+97150${local}`, typed: `+971 50 ${local.slice(0, 3)} ${local.slice(3)}` };
}

async function seedAsset(client: pg.PoolClient, companyId: string, assetId: string, name: string, customers: number) {
  await client.query(`INSERT INTO "Asset" (id, "companyId", name, "updatedAt") VALUES ($1, $2, $3, now())`, [assetId, companyId, name]);
  // Every (first, last) pair in turn: a full name is shared by one customer in FIRST_NAMES x LAST_NAMES.
  await client.query(
    `INSERT INTO "Customer" (id, "companyId", "assetId", "customerID", "firstName", "lastName", "fullName", "phoneCode", phone, "phoneNumber",
       email, type, "sourceDataId", "inputSource", "createdAt", "updatedAt")
     SELECT gen_random_uuid(), $1, $2, 'C-' || lpad(g::text, 7, '0'), f, l, f || ' ' || l, '+971', '50' || lpad((g % 10000000)::text, 7, '0'),
            '+97150' || lpad((g % 10000000)::text, 7, '0'), lower(replace(f || '.' || l, ' ', '')) || g || '@example.com',
            (ARRAY['Client', 'Client', 'Client', 'External Agent', 'Spam'])[1 + g % 5], CASE WHEN g % 3 = 0 THEN 'SF-' || g END,
            CASE WHEN g % 3 = 0 THEN 'salesforce' ELSE 'CRM' END, created, created
     FROM (
       SELECT g, (${sqlArray(FIRST_NAMES)})[1 + g % ${FIRST_NAMES.length}] AS f, (${sqlArray(LAST_NAMES)})[1 + (g / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}] AS l,
              now() - ($3::int - g) * interval '30 seconds' AS created
       FROM generate_series(1, $3::int) g
     ) s`,
    [companyId, assetId, customers],
  );
  await client.query(`UPDATE "Asset" SET "customerSequence" = $2 WHERE id = $1`, [assetId, customers]);
}

/** The customers an earlier run seeded in a reused database (BENCH_DATABASE_NAME), when they are the sizes asked for. */
export async function findSeededCustomers(pool: pg.Pool, bigRows: number, smallRows: number): Promise<SeededCustomers | null> {
  const { rows } = await pool.query<{ userId: string; big: string; small: string; bigRows: number; smallRows: number }>(
    `SELECT u.id AS "userId", b.id AS big, s.id AS small,
            (SELECT count(*)::int FROM "Customer" WHERE "assetId" = b.id) AS "bigRows",
            (SELECT count(*)::int FROM "Customer" WHERE "assetId" = s.id) AS "smallRows"
     FROM "User" u JOIN "Asset" b ON b.name = 'Big Asset' AND b."companyId" = u."companyId"
     JOIN "Asset" s ON s.name = 'Small Asset' AND s."companyId" = u."companyId"
     WHERE u.email = 'customers-bench@example.com'`,
  );
  const found = rows[0];
  if (!found || found.bigRows !== bigRows || found.smallRows !== smallRows) return null;
  return {
    userId: found.userId,
    big: { id: found.big, customers: bigRows },
    small: { id: found.small, customers: smallRows },
    seconds: 0,
  };
}

/** A company with a big and a small asset of customers, and a SUPER_ADMIN who belongs to both (working in the big one). */
export async function seedCustomers(pool: pg.Pool, bigRows: number, smallRows: number): Promise<SeededCustomers> {
  const started = performance.now();
  const client = await pool.connect();
  try {
    await client.query('SET synchronous_commit = off');
    await client.query(`SET maintenance_work_mem = '512MB'`);
    const companyId = randomUUID();
    const userId = randomUUID();
    const roleId = randomUUID();
    const big = { id: randomUUID(), customers: bigRows };
    const small = { id: randomUUID(), customers: smallRows };
    await client.query(`INSERT INTO "Company" (id, name, "updatedAt") VALUES ($1, 'Customers Bench Co', now())`, [companyId]);
    // Bulk load without the secondary indexes, then build them once: several times faster than row by row.
    const indexes = await client.query<{ name: string; def: string }>(
      `SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE schemaname = 'public' AND tablename = 'Customer' AND indexname NOT LIKE '%_pkey'`,
    );
    for (const index of indexes.rows) await client.query(`DROP INDEX "${index.name}"`);
    await seedAsset(client, companyId, big.id, 'Big Asset', big.customers);
    await seedAsset(client, companyId, small.id, 'Small Asset', small.customers);
    for (const index of indexes.rows) await client.query(index.def);
    await client.query(
      `INSERT INTO "Role" (id, "companyId", name, code, permissions, "updatedAt") VALUES ($1, $2, 'Super Admin', 'SUPER_ADMIN', '{}', now())`,
      [roleId, companyId],
    );
    await client.query(
      `INSERT INTO "User" (id, "companyId", "roleId", "activeAssetId", email, "fullName", "passwordHash", "updatedAt")
       VALUES ($1, $2, $3, $4, 'customers-bench@example.com', 'Bench Admin', 'x', now())`,
      [userId, companyId, roleId, big.id],
    );
    await client.query(`INSERT INTO "UserAsset" ("userId", "assetId") VALUES ($1, $2), ($1, $3)`, [userId, big.id, small.id]);
    // The visibility map set (index-only scans of deep pages) and fresh statistics, as autovacuum leaves a table.
    await client.query('VACUUM ANALYZE "Customer"');
    return { userId, big, small, seconds: (performance.now() - started) / 1000 };
  } finally {
    client.release();
  }
}
