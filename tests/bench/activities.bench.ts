import { activityDayOf } from '@crm/domain';
import type pg from 'pg';
import { issueAccessToken } from '../../apps/server/src/modules/auth/access-token.service.js';
import { seedActivities } from './lib/activities-seed.js';
import type { BenchDatabase } from './lib/bench-database.js';
import { startBenchApp } from './lib/leads-app.js';
import { loadHttp, loadSql } from './lib/load.js';
import { formatRatio, formatRow } from './lib/stats.js';

// The Activities screen over BENCH_ACTIVITIES_ROWS activities (default 1,000,000) of 200 agents in one asset: the
// bucket counts (GET activities/buckets) and the list's first page (GET activities, 20 rows with their agent and
// total) for an agent (their ~5,000) and for the whole asset, each beside the same statements through pg in the same
// run. Targets: p95 under 150 ms, within 2x of its SQL. BENCH_ACTIVITIES_CONNECTIONS (default 4) at a time.

const ROWS = Number(process.env.BENCH_ACTIVITIES_ROWS ?? 1_000_000);
const CONNECTIONS = Number(process.env.BENCH_ACTIVITIES_CONNECTIONS ?? 4);
const AGENTS = 200;

const BASE = `FROM "Activity" a WHERE a."assetId" = $1 AND a."deletedAt" IS NULL AND ($2::uuid IS NULL OR a."agentId" = $2::uuid)`;
/** The four buckets' counts as the service asks for them: $3 now, $4 and $5 today's first and last instant. */
const BUCKETS_SQL = [
  `SELECT count(*) ${BASE} AND a."doneAt" IS NULL AND a."dueAt" < $3::timestamp AND $4::timestamp IS NOT NULL AND $5::timestamp IS NOT NULL`,
  `SELECT count(*) ${BASE} AND a."doneAt" IS NULL AND a."dueAt" >= $3::timestamp AND a."dueAt" <= $5::timestamp AND $4::timestamp IS NOT NULL`,
  `SELECT count(*) ${BASE} AND a."doneAt" IS NULL AND a."dueAt" > $5::timestamp AND $3::timestamp IS NOT NULL AND $4::timestamp IS NOT NULL`,
  `SELECT count(*) ${BASE} AND a."dueAt" IS NOT NULL AND a."doneAt" >= $4::timestamp AND a."doneAt" <= $5::timestamp AND $3::timestamp IS NOT NULL`,
];
const PAGE_SQL = `SELECT a.id, a.type, a.subject, a."dueAt", a."doneAt", a."leadId", a."customerId", a."dealId", m.id AS "memberId", m.name
  FROM "Activity" a LEFT JOIN "TeamMember" m ON m.id = a."agentId"
  WHERE a."assetId" = $1 AND a."deletedAt" IS NULL AND ($2::uuid IS NULL OR a."agentId" = $2::uuid)
  ORDER BY a."createdAt" DESC, a.id DESC LIMIT 20`;
const COUNT_SQL = `SELECT count(*) ${BASE}`;

export async function benchActivities(database: BenchDatabase, options: { seconds: number }, print: (line: string) => void): Promise<void> {
  const seed = await seedActivities(database.pool, { rows: ROWS, agents: AGENTS });
  print(`seeded ${ROWS} activities of ${AGENTS} agents in ${seed.seconds.toFixed(1)} s`);
  const bench = await startBenchApp(database.url, seed.adminId);
  const agentToken = await issueAccessToken(bench.app.deps, { id: seed.agentUserId, tokenVersion: 0 });
  const agentHeaders = { authorization: `Bearer ${agentToken.access_token}` };
  const load = { connections: CONNECTIONS, seconds: options.seconds };
  const page = (agent: string | null) => {
    const query = agent ? { agent: { $in: [agent] } } : {};
    const filter = { query, limit: 20, populate: [{ path: 'agent', select: ['name'] }] };
    return `${bench.address}/api/activities?filter=${encodeURIComponent(JSON.stringify(filter))}`;
  };
  const sqlBuckets = (agent: string | null) => (pool: pg.Pool) => {
    const day = activityDayOf(new Date(), 'Asia/Dubai');
    return Promise.all(BUCKETS_SQL.map((sql) => pool.query(sql, [seed.assetId, agent, day.now, day.from, day.to])));
  };
  const sqlPage = (agent: string | null) => (pool: pg.Pool) =>
    Promise.all([pool.query(PAGE_SQL, [seed.assetId, agent]), pool.query(COUNT_SQL, [seed.assetId, agent])]);
  const cases = [
    {
      label: 'buckets, an agent (mine)',
      url: `${bench.address}/api/activities/buckets?scope=mine`,
      headers: agentHeaders,
      sql: sqlBuckets(seed.agentMemberId),
    },
    {
      label: 'buckets, the asset (team)',
      url: `${bench.address}/api/activities/buckets?scope=team`,
      headers: bench.headers,
      sql: sqlBuckets(null),
    },
    { label: 'list page 1, an agent', url: page(seed.agentMemberId), headers: agentHeaders, sql: sqlPage(seed.agentMemberId) },
    { label: 'list page 1, the asset', url: page(null), headers: bench.headers, sql: sqlPage(null) },
  ];
  try {
    for (const one of cases) {
      const first = await fetch(one.url, { headers: one.headers });
      if (first.status !== 200) throw new Error(`${one.label}: ${first.status} ${await first.text()}`);
      const answer = (await first.json()) as { data: { counts?: Record<string, { count: number }> }; meta?: { total: number } };
      const counted = answer.meta ? `total ${answer.meta.total}` : JSON.stringify(answer.data.counts);
      print(`${one.label}: ${counted}`);
      for (let i = 0; i < 3; i += 1) {
        await fetch(one.url, { headers: one.headers });
        await one.sql(database.pool);
      }
      const api = await loadHttp(`${one.label}, API`, one.url, one.headers, load);
      const sql = await loadSql('  the same statements through pg', database.pool, one.sql, load);
      print(formatRow(api));
      print(formatRow(sql));
      print(`  p95 target < 150 ms: ${api.p95 < 150 && api.errors === 0 ? 'within target' : 'OVER target'}`);
      print(formatRatio(`  ${one.label} vs its SQL`, api, sql, 2, 'target: within 2x'));
    }
  } finally {
    await bench.close();
  }
}
