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

/** The live rows of the asset, or of one agent ($2), as the service narrows them. */
const base = (agent: boolean) =>
  `FROM "Activity" a WHERE a."assetId" = $1 AND a."deletedAt" IS NULL${agent ? ' AND a."agentId" = $2' : ''}`;
/** The four buckets' counts as the service asks for them, each with the instants it compares with. */
const bucketsSql = (agent: boolean) => {
  const at = (i: number) => `$${(agent ? 3 : 2) + i}::timestamp`;
  return [
    [`SELECT count(*) ${base(agent)} AND a."doneAt" IS NULL AND a."dueAt" < ${at(0)}`, ['now']],
    [`SELECT count(*) ${base(agent)} AND a."doneAt" IS NULL AND a."dueAt" >= ${at(0)} AND a."dueAt" <= ${at(1)}`, ['now', 'to']],
    [`SELECT count(*) ${base(agent)} AND a."doneAt" IS NULL AND a."dueAt" > ${at(0)}`, ['to']],
    [`SELECT count(*) ${base(agent)} AND a."dueAt" IS NOT NULL AND a."doneAt" >= ${at(0)} AND a."doneAt" <= ${at(1)}`, ['from', 'to']],
  ] as const;
};
const pageSql = (
  agent: boolean,
) => `SELECT a.id, a.type, a.subject, a."dueAt", a."doneAt", a."leadId", a."customerId", a."dealId", m.id AS "memberId", m.name
  FROM "Activity" a LEFT JOIN "TeamMember" m ON m.id = a."agentId"
  WHERE a."assetId" = $1 AND a."deletedAt" IS NULL${agent ? ' AND a."agentId" = $2' : ''}
  ORDER BY a."createdAt" DESC, a.id DESC LIMIT 20`;

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
    const values: Record<string, string> = { now: day.now, from: day.from, to: day.to };
    return Promise.all(
      bucketsSql(agent !== null).map(([sql, names]) =>
        pool.query(sql, [seed.assetId, ...(agent ? [agent] : []), ...names.map((name) => values[name])]),
      ),
    );
  };
  const sqlPage = (agent: string | null) => (pool: pg.Pool) => {
    const params = [seed.assetId, ...(agent ? [agent] : [])];
    return Promise.all([pool.query(pageSql(agent !== null), params), pool.query(`SELECT count(*) ${base(agent !== null)}`, params)]);
  };
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
