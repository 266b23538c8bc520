import { randomUUID } from 'node:crypto';
import type pg from 'pg';

// The team reports' data, made inside PostgreSQL (INSERT ... SELECT generate_series): one asset with AGENTS members
// in OFFICES offices (each office's first member its manager, the rest reporting to them), LEADS leads over the past
// year, each with its assignment (some claimed from the pool, most accepted with a response time) and, for about one
// lead in twenty, the lapse to the office's manager. Loaded with triggers off, then the per-day figures rebuilt once
// by the function the migration made (agent_day_figures_rebuild), as a bulk import would.

export interface TeamSeed {
  companyId: string;
  assetId: string;
  userId: string;
  leads: number;
  assignments: number;
  seconds: number;
  rebuildSeconds: number;
}

const CHUNK = 200_000;
/** A stable id per kind and number, a valid version 4 UUID (the answers' schemas check ids as UUIDs). */
export const idOf = (kind: string, n: string) =>
  `(SELECT (substr(h, 1, 12) || '4' || substr(h, 14, 3) || '8' || substr(h, 18, 15))::uuid FROM md5('team-${kind}-' || (${n})::text) h)`;

export async function seedTeamReports(pool: pg.Pool, options: { leads: number; agents: number; offices: number }): Promise<TeamSeed> {
  const started = performance.now();
  const client = await pool.connect();
  const companyId = randomUUID();
  const assetId = randomUUID();
  const userId = randomUUID();
  const perOffice = Math.ceil(options.agents / options.offices);
  try {
    await client.query('SET synchronous_commit = off');
    await client.query(`SET maintenance_work_mem = '256MB'`);
    await client.query('SET session_replication_role = replica');
    await client.query(`INSERT INTO "Company" (id, name, "updatedAt") VALUES ($1, 'Team Bench Co', now())`, [companyId]);
    await client.query(`INSERT INTO "Asset" (id, "companyId", name, "updatedAt") VALUES ($1, $2, 'Team Bench Asset', now())`, [
      assetId,
      companyId,
    ]);
    const customerId = randomUUID();
    await client.query(
      `INSERT INTO "Customer" (id, "companyId", "assetId", "customerID", "firstName", "fullName", type, "updatedAt") VALUES ($1, $2, $3, 'C-1', 'Bench', 'Bench Customer', 'Client', now())`,
      [customerId, companyId, assetId],
    );
    // Member g (1-based) is in office (g - 1) / perOffice; the first of each office is its manager.
    await client.query(
      `INSERT INTO "TeamMember" (id, "companyId", "assetId", name, "officeName", enabled, "isTest", "isLeadProcessEnabled", "reportedToId", "updatedAt")
       SELECT ${idOf('m', 'g')}, $1, $2, 'Member ' || g, 'Office ' || (1 + (g - 1) / $3), true, g % 97 = 0, true,
              CASE WHEN (g - 1) % $3 = 0 THEN NULL ELSE ${idOf('m', '1 + ((g - 1) / $3) * $3')} END, now()
       FROM generate_series(1, $4::int) g`,
      [companyId, assetId, perOffice, options.agents],
    );
    for (let start = 1; start <= options.leads; start += CHUNK) {
      const end = Math.min(options.leads, start + CHUNK - 1);
      // r1: the agent; r2: accepted (70%) and its response; r3: claimed from the pool (8%); r4: escalated (5% of the unaccepted).
      await client.query(
        `WITH s AS (
           SELECT g, ${idOf('l', 'g')} AS lead, 1 + floor(random() * $4)::int AS agent, random() r2, random() r3, random() r4,
                  now() - (1 - g::float8 / $5) * interval '365 days' AS at
           FROM generate_series($1::int, $2::int) g
         ), leads AS (
           INSERT INTO "Lead" (id, "companyId", "assetId", "leadID", "customerId", "agentId", "contactType", source, "officeName",
             "dataSourceCreatedAt", "agentAssignedAt", "createdAt", "updatedAt")
           SELECT lead, $3, $6, 'L-' || lpad(g::text, 7, '0'), $7, ${idOf('m', 'agent')}, 'Buyer', 'Bayut', 'Office ' || (1 + (agent - 1) / $8), at, at, at, at
           FROM s
         ), first AS (
           INSERT INTO "LeadAssignment" (id, "leadId", "agentId", reason, "assignedAt", "acceptedAt", "responseMinutes")
           SELECT gen_random_uuid(), lead, ${idOf('m', 'agent')}, CASE WHEN r3 < 0.08 THEN 'pool_claim' ELSE 'auto' END, at,
                  CASE WHEN r2 < 0.7 THEN at + r2 * interval '40 minutes' END, CASE WHEN r2 < 0.7 THEN r2 * 40 END
           FROM s
         )
         INSERT INTO "LeadAssignment" (id, "leadId", "agentId", reason, "assignedAt")
         SELECT gen_random_uuid(), lead, ${idOf('m', '1 + ((agent - 1) / $8) * $8')}, 'pool_expired', at + interval '3 hours'
         FROM s WHERE r2 >= 0.7 AND r4 < 0.17`,
        [start, end, companyId, options.agents, options.leads + 1, assetId, customerId, perOffice],
      );
    }
    await client.query('SET session_replication_role = origin');
    const rebuild = performance.now();
    await client.query('SELECT agent_day_figures_rebuild()');
    const rebuildSeconds = (performance.now() - rebuild) / 1000;
    const roleId = randomUUID();
    await client.query(
      `INSERT INTO "Role" (id, "companyId", name, code, permissions, "updatedAt") VALUES ($1, $2, 'Super Admin', 'SUPER_ADMIN', '{}', now())`,
      [roleId, companyId],
    );
    await client.query(
      `INSERT INTO "User" (id, "companyId", "roleId", "activeAssetId", email, "fullName", "passwordHash", "updatedAt") VALUES ($1, $2, $3, $4, 'team-bench@example.com', 'Bench Admin', 'x', now())`,
      [userId, companyId, roleId, assetId],
    );
    await client.query(`INSERT INTO "UserAsset" ("userId", "assetId") VALUES ($1, $2)`, [userId, assetId]);
    await client.query('VACUUM ANALYZE');
    const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM "LeadAssignment"`);
    return {
      companyId,
      assetId,
      userId,
      leads: options.leads,
      assignments: Number(rows[0]?.n ?? 0),
      seconds: (performance.now() - started) / 1000,
      rebuildSeconds,
    };
  } finally {
    client.release();
  }
}
