import { randomUUID } from 'node:crypto';
import type pg from 'pg';

// The deals board's data, made inside PostgreSQL (INSERT ... SELECT generate_series): one asset, AGENTS members,
// DEALS deals of the sale pipeline over two years, OPEN of them open (spread over Offer, Reserved and Contract
// signed), the rest closed won (60%) or lost, each with its value and commission in minor units.

export interface DealsSeed {
  assetId: string;
  userId: string;
  seconds: number;
}

const idOf = (kind: string, n: string) => `md5('deal-${kind}-' || (${n})::text)::uuid`;

export async function seedDeals(pool: pg.Pool, options: { deals: number; open: number; agents: number }): Promise<DealsSeed> {
  const started = performance.now();
  const client = await pool.connect();
  const companyId = randomUUID();
  const assetId = randomUUID();
  const userId = randomUUID();
  const roleId = randomUUID();
  const customerId = randomUUID();
  try {
    await client.query('SET synchronous_commit = off');
    await client.query('SET session_replication_role = replica');
    await client.query(`INSERT INTO "Company" (id, name, "updatedAt") VALUES ($1, 'Deals Bench Co', now())`, [companyId]);
    await client.query(`INSERT INTO "Asset" (id, "companyId", name, "updatedAt") VALUES ($1, $2, 'Deals Bench Asset', now())`, [
      assetId,
      companyId,
    ]);
    await client.query(
      `INSERT INTO "Customer" (id, "companyId", "assetId", "customerID", "firstName", "fullName", type, "updatedAt") VALUES ($1, $2, $3, 'C-1', 'Bench', 'Bench Customer', 'Client', now())`,
      [customerId, companyId, assetId],
    );
    await client.query(
      `INSERT INTO "TeamMember" (id, "companyId", "assetId", name, "officeName", "updatedAt")
       SELECT ${idOf('m', 'g')}, $1, $2, 'Member ' || g, 'Office ' || (1 + g % 10), now() FROM generate_series(1, $3::int) g`,
      [companyId, assetId, options.agents],
    );
    // Deal g: open when g <= open (stage by g % 3), else won (60%) or lost; newer moves for higher g.
    await client.query(
      `INSERT INTO "Deal" (id, "companyId", "assetId", title, "customerId", "agentId", "officeName", pipeline, stage, outcome, probability,
         value, currency, "commissionBasisPoints", commission, "actualCloseDate", "lostReason", "stageChangedAt", "lastActivityAt", "staleAt",
         "createdAt", "updatedAt")
       SELECT ${idOf('d', 'g')}, $1, $2, 'Deal ' || g, $3, ${idOf('m', '1 + g % $6')}, 'Office ' || (1 + (1 + g % $6) % 10), 'sale', s.stage, s.outcome, s.p,
         v.value, 'AED', 200, round(v.value * 0.02), CASE WHEN s.outcome = 'open' THEN NULL ELSE at END,
         CASE WHEN s.outcome = 'lost' THEN 'Bought elsewhere' END, at, at, CASE WHEN s.outcome = 'open' THEN at + interval '14 days' END, at, now()
       FROM generate_series(1, $4::int) g
       CROSS JOIN LATERAL (SELECT now() - (random() * 730) * interval '1 day' AS at) t
       CROSS JOIN LATERAL (SELECT (50000000 + floor(random() * 500000000))::numeric AS value) v
       CROSS JOIN LATERAL (SELECT * FROM (VALUES
         ('offer', 'open', 20), ('reserved', 'open', 50), ('contract-signed', 'open', 80), ('closed-won', 'won', 100), ('closed-lost', 'lost', 0)
       ) AS x(stage, outcome, p)
         WHERE x.stage = CASE WHEN g <= $5 THEN (ARRAY['offer', 'reserved', 'contract-signed'])[1 + g % 3]
                              WHEN g % 5 < 3 THEN 'closed-won' ELSE 'closed-lost' END) s`,
      [companyId, assetId, customerId, options.deals, options.open, options.agents],
    );
    await client.query(
      `INSERT INTO "Role" (id, "companyId", name, code, permissions, "updatedAt") VALUES ($1, $2, 'Super Admin', 'SUPER_ADMIN', '{}', now())`,
      [roleId, companyId],
    );
    await client.query(
      `INSERT INTO "User" (id, "companyId", "roleId", "activeAssetId", email, "fullName", "passwordHash", "updatedAt") VALUES ($1, $2, $3, $4, 'deals-bench@example.com', 'Bench Admin', 'x', now())`,
      [userId, companyId, roleId, assetId],
    );
    await client.query(`INSERT INTO "UserAsset" ("userId", "assetId") VALUES ($1, $2)`, [userId, assetId]);
    await client.query('VACUUM ANALYZE');
    return { assetId, userId, seconds: (performance.now() - started) / 1000 };
  } finally {
    client.release();
  }
}
