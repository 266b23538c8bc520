import type pg from 'pg';
import type { BenchDatabase } from './lib/bench-database.js';
import { seedDeals } from './lib/deals-seed.js';
import { startBenchApp } from './lib/leads-app.js';
import { loadHttp, loadSql } from './lib/load.js';
import { formatRatio, formatRow, type LoadResult } from './lib/stats.js';

// The deals board's first load (GET deals/board?pipeline=sale: every column's count, value and weighted value and its
// first 50 cards) and the totals by agent, over BENCH_DEALS_ROWS deals (default 100,000) of which BENCH_DEALS_OPEN
// (5,000) are open, in one asset; beside it the same two statements through pg in the same run. Targets: the board's
// p95 under 150 ms and within 2x of its SQL. BENCH_DEALS_CONNECTIONS (default 4) requests at a time.

const DEALS = Number(process.env.BENCH_DEALS_ROWS ?? 100_000);
const OPEN = Number(process.env.BENCH_DEALS_OPEN ?? 5_000);
const CONNECTIONS = Number(process.env.BENCH_DEALS_CONNECTIONS ?? 4);
const TARGET_P95_MS = 150;
const STAGES = ['offer', 'reserved', 'contract-signed', 'closed-won', 'closed-lost'];

const TOTALS_SQL = `SELECT d.stage, count(*), coalesce(sum(d.value), 0), round(coalesce(sum(d.value * d.probability), 0) / 100)
  FROM "Deal" d WHERE d."assetId" = $1 AND d.pipeline = 'sale' AND d."deletedAt" IS NULL GROUP BY d.stage`;
const CARDS_SQL = `SELECT x.* FROM unnest($2::text[]) AS s(key) CROSS JOIN LATERAL (
    SELECT d.id, d.title, d.stage, c."fullName", d."agentId", m.name, d.value, d.currency, d.probability, d."expectedCloseDate", d."staleAt", d."stageChangedAt"
    FROM "Deal" d LEFT JOIN "Customer" c ON c.id = d."customerId" LEFT JOIN "TeamMember" m ON m.id = d."agentId"
    WHERE d."assetId" = $1 AND d.pipeline = 'sale' AND d."deletedAt" IS NULL AND d.stage = s.key
    ORDER BY d."stageChangedAt" DESC, d.id DESC LIMIT 51) x`;

const verdict = (result: LoadResult) =>
  `  p95 target < ${TARGET_P95_MS} ms: ${result.p95 < TARGET_P95_MS && result.errors === 0 ? 'within target' : 'OVER target'}`;

export async function benchDealsBoard(database: BenchDatabase, options: { seconds: number }, print: (line: string) => void): Promise<void> {
  const seed = await seedDeals(database.pool, { deals: DEALS, open: OPEN, agents: 200 });
  print(`seeded ${DEALS} deals (${OPEN} open) of 200 agents in ${seed.seconds.toFixed(1)} s`);
  const bench = await startBenchApp(database.url, seed.userId);
  const load = { connections: CONNECTIONS, seconds: options.seconds };
  const board = `${bench.address}/api/deals/board?pipeline=sale`;
  const totals = `${bench.address}/api/deals/totals?by=agent`;
  const sqlBoard = (pool: pg.Pool) => Promise.all([pool.query(TOTALS_SQL, [seed.assetId]), pool.query(CARDS_SQL, [seed.assetId, STAGES])]);
  try {
    const first = await fetch(board, { headers: bench.headers });
    const answer = (await first.json()) as { data: { columns: { count: number; cards: unknown[] }[] } };
    const counted = answer.data.columns.reduce((sum, column) => sum + column.count, 0);
    print(
      `board answers ${answer.data.columns.length} columns, ${counted} deals counted (seeded ${DEALS}: ${counted === DEALS ? 'equal' : 'DIFFERENT'})`,
    );
    for (let i = 0; i < 3; i += 1) {
      await fetch(board, { headers: bench.headers });
      await fetch(totals, { headers: bench.headers });
      await sqlBoard(database.pool);
    }
    const api = await loadHttp('board first load, API GET /api/deals/board', board, bench.headers, load);
    const sql = await loadSql('  the same two statements through pg', database.pool, sqlBoard, load);
    const byAgent = await loadHttp('totals by agent, API GET /api/deals/totals?by=agent', totals, bench.headers, load);
    for (const result of [api, sql, byAgent]) print(formatRow(result));
    print(verdict(api));
    print(formatRatio('  board vs its SQL', api, sql, 2, 'target: within 2x'));
  } finally {
    await bench.close();
  }
}
