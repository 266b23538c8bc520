import { randomUUID } from 'node:crypto';
import type pg from 'pg';

// The Activities screen's data, made inside PostgreSQL (INSERT ... SELECT generate_series): one asset, AGENTS members,
// ROWS activities spread over the agents, due from a year ago to a month ahead (a fifth without a due time: logged
// calls and notes), nine in ten of the past ones done. Member 1 is the agent's login; a super admin sees the asset.

export interface ActivitiesSeed {
  assetId: string;
  adminId: string;
  agentUserId: string;
  agentMemberId: string;
  seconds: number;
}

const idOf = (kind: string, n: string) => `md5('act-${kind}-' || (${n})::text)::uuid`;

export async function seedActivities(pool: pg.Pool, options: { rows: number; agents: number }): Promise<ActivitiesSeed> {
  const started = performance.now();
  const client = await pool.connect();
  const companyId = randomUUID();
  const assetId = randomUUID();
  const adminId = randomUUID();
  const agentUserId = randomUUID();
  const adminRole = randomUUID();
  const agentRole = randomUUID();
  try {
    await client.query('SET synchronous_commit = off');
    await client.query('SET session_replication_role = replica');
    await client.query(`INSERT INTO "Company" (id, name, "updatedAt") VALUES ($1, 'Activities Bench Co', now())`, [companyId]);
    await client.query(`INSERT INTO "Asset" (id, "companyId", name, "updatedAt") VALUES ($1, $2, 'Activities Bench Asset', now())`, [
      assetId,
      companyId,
    ]);
    await client.query(
      `INSERT INTO "Role" (id, "companyId", name, code, permissions, "updatedAt") VALUES
         ($1, $3, 'Super Admin', 'SUPER_ADMIN', '{}', now()), ($2, $3, 'Agent', 'AGENT_BENCH', '{LEADS_REPORT_VIEW,LEAD_UPDATE}', now())`,
      [adminRole, agentRole, companyId],
    );
    await client.query(
      `INSERT INTO "User" (id, "companyId", "roleId", "activeAssetId", email, "fullName", "passwordHash", "updatedAt") VALUES
         ($1, $3, $4, $6, 'activities-bench-admin@example.com', 'Bench Admin', 'x', now()),
         ($2, $3, $5, $6, 'activities-bench-agent@example.com', 'Bench Agent', 'x', now())`,
      [adminId, agentUserId, companyId, adminRole, agentRole, assetId],
    );
    await client.query(`INSERT INTO "UserAsset" ("userId", "assetId") VALUES ($1, $3), ($2, $3)`, [adminId, agentUserId, assetId]);
    await client.query(
      `INSERT INTO "TeamMember" (id, "companyId", "assetId", name, "userId", "updatedAt")
       SELECT ${idOf('m', 'g')}, $1, $2, 'Member ' || g, CASE WHEN g = 1 THEN $4::uuid END, now() FROM generate_series(1, $3::int) g`,
      [companyId, assetId, options.agents, agentUserId],
    );
    // Activity g: agent 1 + (g / 5) % agents (five in a row, so each agent has every kind); due between a year ago and a month ahead (none for g % 5 = 0); done when due
    // over a day ago and g % 10 > 0, a few hours after its due time.
    await client.query(
      `INSERT INTO "Activity" (id, "companyId", "assetId", type, subject, "agentId", "dueAt", "doneAt", "createdAt", "updatedAt")
       SELECT ${idOf('a', 'g')}, $1, $2, (ARRAY['call','email','whatsapp','meeting','note','task'])[1 + g % 6], 'Follow up ' || g,
         ${idOf('m', '1 + (g / 5) % $4')}, d.due,
         CASE WHEN d.due < now() - interval '1 day' AND g % 10 > 0 THEN d.due + (g % 48) * interval '1 hour' END,
         least(coalesce(d.due, now()) - interval '3 days', now()), now()
       FROM generate_series(1, $3::int) g
       CROSS JOIN LATERAL (SELECT CASE WHEN g % 5 = 0 THEN NULL ELSE now() - (random() * 395 - 30) * interval '1 day' END AS due) d`,
      [companyId, assetId, options.rows, options.agents],
    );
    await client.query('VACUUM ANALYZE "Activity"');
    await client.query('ANALYZE');
    const agentMemberId = (await client.query<{ id: string }>(`SELECT ${idOf('m', '1')} AS id`)).rows[0]?.id ?? '';
    return { assetId, adminId, agentUserId, agentMemberId, seconds: (performance.now() - started) / 1000 };
  } finally {
    client.release();
  }
}
