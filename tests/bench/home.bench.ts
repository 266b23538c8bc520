import { randomUUID } from 'node:crypto';
import { issueAccessToken } from '../../apps/server/src/modules/auth/access-token.service.js';
import type { BenchDatabase } from './lib/bench-database.js';
import { startBenchApp } from './lib/leads-app.js';
import { loadHttp, loadSql } from './lib/load.js';
import { formatRatio, formatRow, type LoadResult } from './lib/stats.js';
import { idOf, seedTeamReports } from './lib/team-seed.js';

// Home (GET /api/home) for an agent and for a manager over BENCH_HOME_LEADS leads (default 1,000,000) of 500 members in
// 20 offices (the team reports' seed), with BENCH_HOME_TASKS tasks (200,000; half due ahead) and BENCH_HOME_DEALS deals
// (20,000; a quarter open). The agent is a member of office 1, the manager its first member (24 reports). Beside them,
// the agent's heaviest statement (their open leads with nothing planned) through pg in the same run. Target: p95 under
// 300 ms. BENCH_HOME_CONNECTIONS (default 4) requests at a time.

const LEADS = Number(process.env.BENCH_HOME_LEADS ?? 1_000_000);
const TASKS = Number(process.env.BENCH_HOME_TASKS ?? 200_000);
const DEALS = Number(process.env.BENCH_HOME_DEALS ?? 20_000);
const AGENTS = 500;
const CONNECTIONS = Number(process.env.BENCH_HOME_CONNECTIONS ?? 4);
const TARGET_P95_MS = 300;
const memberId = (n: string) => idOf('m', n);

const NO_NEXT_ACTIVITY_SQL = `SELECT count(*) FROM "Lead" l
  WHERE l."assetId" = $1 AND l."deletedAt" IS NULL AND l."agentId" = $2 AND l.status = 'Open'
    AND (l."plannedUntil" IS NULL OR l."plannedUntil" < now())`;

const verdict = (result: LoadResult) =>
  `  p95 target < ${TARGET_P95_MS} ms: ${result.p95 < TARGET_P95_MS && result.errors === 0 ? 'within target' : 'OVER target'}`;

/** The agent's and the manager's users (each a member of the asset), their tasks and deals. */
async function seedHomeReaders(database: BenchDatabase, seed: { companyId: string; assetId: string }) {
  const { pool } = database;
  const agent = { user: randomUUID(), role: randomUUID() };
  const manager = { user: randomUUID(), role: randomUUID() };
  const readers = [
    [agent, 'AGENT', 'home-agent@example.com', 2, ['LEADS_REPORT_VIEW', 'LEAD_UPDATE', 'DEALS_VIEW']],
    [manager, 'MANAGER', 'home-manager@example.com', 1, ['LEADS_REPORT_VIEW', 'LEAD_UPDATE', 'DEALS_VIEW', 'MANAGERS_REPORT_VIEW']],
  ] as const;
  for (const [who, code, email, member, permissions] of readers) {
    await pool.query(`INSERT INTO "Role" (id, "companyId", name, code, permissions, "updatedAt") VALUES ($1, $2, $3, $3, $4, now())`, [
      who.role,
      seed.companyId,
      code,
      permissions,
    ]);
    await pool.query(
      `INSERT INTO "User" (id, "companyId", "roleId", "activeAssetId", email, "fullName", "passwordHash", "updatedAt") VALUES ($1, $2, $3, $4, $5, $5, 'x', now())`,
      [who.user, seed.companyId, who.role, seed.assetId, email],
    );
    await pool.query(`INSERT INTO "UserAsset" ("userId", "assetId") VALUES ($1, $2)`, [who.user, seed.assetId]);
    await pool.query(`UPDATE "TeamMember" SET "userId" = $1 WHERE id = ${memberId('$2::int')}`, [who.user, member]);
  }
  // Tasks on random leads, half due ahead, a tenth done, loaded as a bulk import is (triggers off, then every lead's
  // plan rebuilt once); deals by random members, a quarter open.
  const client = await pool.connect();
  try {
    await client.query('SET session_replication_role = replica');
    await client.query(
      `INSERT INTO "Activity" (id, "companyId", "assetId", type, subject, "leadId", "agentId", "dueAt", "doneAt", "createdAt", "updatedAt")
     SELECT gen_random_uuid(), $1, $2, 'task', 'Follow up', ${idOf('l', '1 + floor(random() * $4)::int')}, ${memberId('1 + g % $5')},
       now() + (random() - 0.5) * interval '20 days', CASE WHEN g % 10 = 0 THEN now() END, now(), now()
     FROM generate_series(1, $3::int) g`,
      [seed.companyId, seed.assetId, TASKS, LEADS, AGENTS],
    );
    await client.query('SET session_replication_role = origin');
    await client.query('SELECT lead_planned_until_rebuild()');
  } finally {
    client.release();
  }
  const { rows } = await pool.query<{ id: string }>(`SELECT id FROM "Customer" WHERE "assetId" = $1 LIMIT 1`, [seed.assetId]);
  await pool.query(
    `INSERT INTO "Deal" (id, "companyId", "assetId", title, "customerId", "agentId", pipeline, stage, outcome, probability, value, currency,
       "actualCloseDate", "updatedAt")
     SELECT gen_random_uuid(), $1, $2, 'Deal ' || g, $3, ${memberId('1 + g % $5')}, 'sale',
       (ARRAY['offer', 'reserved', 'contract-signed', 'closed-won', 'closed-lost'])[1 + g % 5],
       (ARRAY['open', 'open', 'open', 'won', 'lost'])[1 + g % 5], (ARRAY[20, 50, 80, 100, 0])[1 + g % 5], 100000 * (1 + g % 300), 'AED',
       CASE WHEN g % 5 >= 3 THEN now() - random() * interval '60 days' END, now()
     FROM generate_series(1, $4::int) g`,
    [seed.companyId, seed.assetId, rows[0]?.id, DEALS, AGENTS],
  );
  await pool.query('ANALYZE "Activity"; ANALYZE "Deal"; ANALYZE "TeamMember"');
  return { agent: agent.user, manager: manager.user };
}

export async function benchHome(database: BenchDatabase, options: { seconds: number }, print: (line: string) => void): Promise<void> {
  const seed = await seedTeamReports(database.pool, { leads: LEADS, agents: AGENTS, offices: 20 });
  const readers = await seedHomeReaders(database, seed);
  print(
    `seeded ${seed.leads} leads of ${AGENTS} members, ${TASKS} tasks and ${DEALS} deals in ${seed.seconds.toFixed(1)} s (+ tasks, deals)`,
  );
  const bench = await startBenchApp(database.url, readers.agent);
  const managerToken = await issueAccessToken(bench.app.deps, { id: readers.manager, tokenVersion: 0 });
  const managerHeaders = { authorization: `Bearer ${managerToken.access_token}` };
  const load = { connections: CONNECTIONS, seconds: options.seconds };
  const url = `${bench.address}/api/home`;
  const agentMember = (await database.pool.query<{ id: string }>(`SELECT ${memberId('2')} AS id`)).rows[0]?.id;
  const sql = (pool: BenchDatabase['pool']) => pool.query(NO_NEXT_ACTIVITY_SQL, [seed.assetId, agentMember]);
  try {
    for (const headers of [bench.headers, managerHeaders]) {
      const first = await fetch(url, { headers });
      const body = (await first.json()) as { data?: Record<string, unknown> };
      if (!body.data) throw new Error(`GET /api/home answered ${first.status}: ${JSON.stringify(body)}`);
      const shown = Object.entries(body.data)
        .filter(([, value]) => value !== null && typeof value === 'object')
        .map(([key]) => key);
      print(`${headers === bench.headers ? 'agent' : 'manager'}'s Home: ${first.status}, sections ${shown.join(', ')}`);
      for (let i = 0; i < 3; i += 1) await fetch(url, { headers });
    }
    for (let i = 0; i < 3; i += 1) await sql(database.pool);
    const agent = await loadHttp("agent's Home, GET /api/home", url, bench.headers, load);
    const manager = await loadHttp("manager's Home (24 reports), GET /api/home", url, managerHeaders, load);
    const baseline = await loadSql("  the agent's no-next-activity count through pg", database.pool, sql, load);
    for (const result of [agent, manager, baseline]) print(formatRow(result));
    print(`agent${verdict(agent)}`);
    print(`manager${verdict(manager)}`);
    print(formatRatio("  agent's Home vs its heaviest statement", agent, baseline, null, 'no target: Home runs about 12 such reads'));
  } finally {
    await bench.close();
  }
}
