import type pg from 'pg';
import type { BenchDatabase } from './lib/bench-database.js';
import { startBenchApp } from './lib/leads-app.js';
import { loadHttp, loadSql } from './lib/load.js';
import { formatRatio, formatRow, type LoadResult } from './lib/stats.js';
import { seedTeamReports } from './lib/team-seed.js';

// The Brokers and Offices reports (GET teams/members/statistics/better-agent, and the Offices export, which adds the
// Brokers figures up per office on the server) over BENCH_TEAM_LEADS leads (default 1,000,000) of BENCH_TEAM_AGENTS
// members (500) in BENCH_TEAM_OFFICES offices (20), for the last month and the last year; beside each, the plain SQL
// aggregate of the same figures straight over the assignments, through pg, in the same run. Target: p95 under 300 ms.
// BENCH_TEAM_CONNECTIONS (default 4) requests at a time.

const LEADS = Number(process.env.BENCH_TEAM_LEADS ?? 1_000_000);
const AGENTS = Number(process.env.BENCH_TEAM_AGENTS ?? 500);
const OFFICES = Number(process.env.BENCH_TEAM_OFFICES ?? 20);
const CONNECTIONS = Number(process.env.BENCH_TEAM_CONNECTIONS ?? 4);
const TARGET_P95_MS = 300;
const DAY = 86_400_000;

/** The Brokers figures as the report read them before the per-day table: every assignment of the range. */
const PLAIN_SQL = `
  SELECT a."agentId", count(*) AS assigned, count(a."acceptedAt") AS accepted,
    count(*) FILTER (WHERE a.reason = 'pool_claim') AS claimed,
    count(*) FILTER (WHERE a."acceptedAt" IS NULL AND EXISTS (SELECT 1 FROM "LeadAssignment" later WHERE later."leadId" = a."leadId"
      AND later."assignedAt" > a."assignedAt" AND later.reason = 'pool_expired')) AS escalated,
    count(*) FILTER (WHERE a.reason = 'pool_expired') AS "escalatedToThem",
    avg(a."responseMinutes") AS response
  FROM "LeadAssignment" a JOIN "Lead" l ON l.id = a."leadId" AND l."assetId" = $1 AND l."deletedAt" IS NULL
  WHERE a."assignedAt" >= $2 AND a."assignedAt" <= $3
  GROUP BY a."agentId"`;

const verdict = (result: LoadResult) =>
  `  p95 target < ${TARGET_P95_MS} ms: ${result.p95 < TARGET_P95_MS && result.errors === 0 ? 'within target' : 'OVER target'}`;

export async function benchTeamReports(
  database: BenchDatabase,
  options: { seconds: number },
  print: (line: string) => void,
): Promise<void> {
  const seed = await seedTeamReports(database.pool, { leads: LEADS, agents: AGENTS, offices: OFFICES });
  print(
    `seeded ${seed.leads} leads (${seed.assignments} assignments) of ${AGENTS} members in ${OFFICES} offices over a year in ${seed.seconds.toFixed(1)} s; per-day figures rebuilt in ${seed.rebuildSeconds.toFixed(1)} s`,
  );
  const { rows } = await database.pool.query<{ n: string }>(`SELECT count(*) AS n FROM "AgentDayFigures" WHERE "assetId" = $1`, [
    seed.assetId,
  ]);
  print(`${rows[0]?.n} per-member-per-day rows`);
  const bench = await startBenchApp(database.url, seed.userId);
  const load = { connections: CONNECTIONS, seconds: options.seconds };
  try {
    // Ranges as the screens send them: a zone's midnight (Dubai, +04:00) to now, so both ends are partial UTC days.
    const now = Date.now();
    const midnight = (ms: number) => Math.floor((ms + 4 * 3_600_000) / DAY) * DAY - 4 * 3_600_000;
    for (const [label, days] of [
      ['month', 30],
      ['year', 365],
    ] as const) {
      const from = new Date(midnight(now - days * DAY)).toISOString();
      const to = new Date(now).toISOString();
      const query = `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
      print(`\n### ${label} (${from.slice(0, 10)} .. ${to.slice(0, 10)}), ${CONNECTIONS} at a time`);
      // Warm up (connections, plans, the first JSON of each shape) before measuring.
      for (let i = 0; i < 3; i += 1) {
        await fetch(`${bench.address}/api/teams/members/statistics/better-agent?${query}`, { headers: bench.headers });
        await fetch(`${bench.address}/api/teams/members/statistics/office-war/export?format=csv&${query}`, { headers: bench.headers });
        await database.pool.query(PLAIN_SQL, [seed.assetId, from, to]);
      }
      const brokers = await loadHttp(
        `Brokers report, ${label}`,
        `${bench.address}/api/teams/members/statistics/better-agent?${query}`,
        bench.headers,
        load,
      );
      const offices = await loadHttp(
        `Offices report (CSV export), ${label}`,
        `${bench.address}/api/teams/members/statistics/office-war/export?format=csv&${query}`,
        bench.headers,
        load,
      );
      const sql = await loadSql(
        `  plain SQL aggregate over assignments, ${label}`,
        database.pool,
        (pool: pg.Pool) => pool.query(PLAIN_SQL, [seed.assetId, from, to]),
        load,
      );
      for (const result of [brokers, offices, sql]) print(formatRow(result));
      print(verdict(brokers));
      print(verdict(offices));
      print(formatRatio(`  Brokers vs plain SQL, ${label}`, brokers, sql, null, 'the report reads the per-month and per-day figures'));
    }
  } finally {
    await bench.close();
  }
}
