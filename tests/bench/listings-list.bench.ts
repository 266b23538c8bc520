import type pg from 'pg';
import { numberKeys } from '../../apps/server/src/resources/search-plan.js';
import type { BenchDatabase } from './lib/bench-database.js';
import { findSeededListings, listingReference, seedListings } from './lib/listings-seed.js';
import { loadHttp, loadSql } from './lib/load.js';
import { buildServer, cpuMs, startServerProcess, type ServerProcess } from './lib/server-process.js';
import { formatRatio, formatRow, type LoadResult } from './lib/stats.js';

// The listing list (GET /api/properties/listings, and its keyword search) over BENCH_LISTINGS_ROWS listings (default
// 1,000,000) of one asset, against the product in its own process: page 1 and page 1,000 in the default sort (newest
// first), the same with three filters (purpose, community, price range), and a search by reference and by location.
// Each call is printed beside the same SQL through pg in the same run (the page alone, and the page plus the exact
// count its `total` needs). Targets: API p95 under 60 ms, API p50 within 2x of the SQL. The SQL is the plain search
// (each field contains the text); a keyword with a number is answered through the keys of that number instead
// (search-plan.ts), whose plan is printed beside.

const ROWS = Number(process.env.BENCH_LISTINGS_ROWS ?? 1_000_000);
const P95_TARGET_MS = 60;
const RATIO_TARGET = 2;
const ORDER = 'ORDER BY "createdAt" DESC, id DESC';
const SEARCH_COLUMNS = ['reference', 'title', 'city', 'location', '"subLocation"', '"permitNumber"'];
const FILTER = { leadType: 'Sale', community: 'Dubai Marina', price: { $gte: 1_000_000, $lte: 5_000_000 } };
const FILTER_SQL = `AND "leadType" = 'Sale' AND community = 'Dubai Marina' AND price >= 1000000 AND price <= 5000000`;

interface Scenario {
  label: string;
  page: number;
  filtered?: boolean;
  keyword?: string;
}

interface Measured {
  scenario: Scenario;
  api: LoadResult;
  sql: LoadResult;
  page: LoadResult;
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

async function scansOf(pool: pg.Pool, sql: string, args: unknown[]): Promise<string> {
  const { rows } = await pool.query<{ 'QUERY PLAN': { Plan: PlanNode; 'Execution Time': number }[] }>(
    `EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`,
    args,
  );
  const top = rows[0]?.['QUERY PLAN'][0];
  if (!top) return 'no plan';
  const scans: string[] = [];
  const walk = (node: PlanNode) => {
    if (node['Node Type'].includes('Scan'))
      scans.push(node['Index Name'] ? `${node['Node Type']} ${node['Index Name']}` : node['Node Type']);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(top.Plan);
  return `${[...new Set(scans)].join(', ')} (${top['Execution Time'].toFixed(1)} ms)`;
}

function apiUrl(server: ServerProcess, scenario: Scenario): string {
  const filter = encodeURIComponent(JSON.stringify({ page: scenario.page, limit: 20, ...(scenario.filtered ? { query: FILTER } : {}) }));
  const keyword = scenario.keyword ? `&keyword=${encodeURIComponent(scenario.keyword)}` : '';
  return `${server.address}/api/properties/listings${scenario.keyword ? '/search' : ''}?filter=${filter}${keyword}`;
}

async function runScenario(
  pool: pg.Pool,
  server: ServerProcess,
  assetId: string,
  scenario: Scenario,
  options: { seconds: number; connections: number },
  print: (line: string) => void,
): Promise<Measured> {
  const url = apiUrl(server, scenario);
  const like = scenario.keyword ? `%${scenario.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const search = like ? `AND (${SEARCH_COLUMNS.map((column) => `${column} ILIKE $2`).join(' OR ')})` : '';
  const where = `WHERE "assetId" = $1 AND "deletedAt" IS NULL ${scenario.filtered ? FILTER_SQL : ''} ${search}`;
  const args = like ? [assetId, like] : [assetId];
  const offset = (scenario.page - 1) * 20;
  const countSql = `SELECT count(*)::int AS total FROM "Listing" ${where}`;
  // A deep page as the API reads it: the page's ids first (inside an index), then their rows.
  const pageSql =
    offset >= 1000
      ? `SELECT * FROM "Listing" WHERE id IN (SELECT id FROM "Listing" ${where} ${ORDER} LIMIT 20 OFFSET ${offset}) ${ORDER}`
      : `SELECT * FROM "Listing" ${where} ${ORDER} LIMIT 20 OFFSET ${offset}`;
  const res = await fetch(url, { headers: server.headers });
  const body = (await res.json()) as { data?: unknown[]; meta?: { total?: number } };
  const exact = (await pool.query<{ total: number }>(countSql, args)).rows[0]?.total;
  if (!res.ok || !body.data?.length) throw new Error(`listing list probe failed: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  print(`${scenario.label}: total ${body.meta?.total} (SQL count ${exact}${exact === body.meta?.total ? ', equal' : ', DIFFERENT'})`);
  print(`  plan of the page: ${await scansOf(pool, pageSql, args)}`);
  print(`  plan of the count: ${await scansOf(pool, countSql, args)}`);
  const keys = scenario.keyword ? numberKeys(scenario.keyword) : null;
  if (keys) {
    const keyed = `SELECT * FROM "Listing" ${where} AND "searchNumbers" @> $3::text[] ${ORDER} LIMIT 20`;
    const plan = await scansOf(pool, keyed, [...args, keys]);
    print(`  plan of the API's page (the keys of its number): ${plan}`);
  }
  await loadHttp('warm-up', url, server.headers, { connections: options.connections, seconds: 1 });
  const cpuBefore = cpuMs(server.pid);
  const api = await loadHttp(
    `  API ${scenario.keyword ? 'GET /api/properties/listings/search' : 'GET /api/properties/listings'}`,
    url,
    server.headers,
    options,
  );
  // The server's own CPU per answer: what the API costs whatever else the machine is running.
  const serverCpu = (cpuMs(server.pid) - cpuBefore) / Math.max(1, api.requests);
  const sql = await loadSql(
    '  SQL page + count(*) through pg',
    pool,
    (p) => Promise.all([p.query(pageSql, args), p.query(countSql, args)]),
    options,
  );
  const page = await loadSql('  SQL page alone through pg', pool, (p) => p.query(pageSql, args), options);
  print(formatRow(api));
  print(formatRow(sql));
  print(formatRow(page));
  print(formatRatio('  vs page + count', api, sql, RATIO_TARGET));
  print(formatRatio('  vs page alone', api, page, null, 'the API also checks the session and reads the cached total'));
  print(`  server CPU ${serverCpu.toFixed(2)} ms per answer`);
  print(`  API p95 ${api.p95.toFixed(1)} ms (target < ${P95_TARGET_MS} ms: ${api.p95 < P95_TARGET_MS ? 'within target' : 'OVER target'})`);
  return { scenario, api, sql, page };
}

function summary(measured: Measured[]): string[] {
  const pad = (text: string, width: number) => text.padEnd(width);
  const num = (value: number) => value.toFixed(1).padStart(7);
  const lines = [
    '',
    `${pad('call', 44)} ${'API p50'.padStart(7)} ${'API p95'.padStart(7)} ${'SQL+cnt'.padStart(7)} ${'page p50'.padStart(8)} ${'page p95'.padStart(8)}  targets (p95 < ${P95_TARGET_MS} ms, p50 <= ${RATIO_TARGET}x SQL page + count)`,
  ];
  for (const { scenario, api, sql, page } of measured) {
    const met = api.p95 < P95_TARGET_MS && api.p50 / sql.p50 <= RATIO_TARGET;
    lines.push(
      `${pad(scenario.label, 44)} ${num(api.p50)} ${num(api.p95)} ${num(sql.p50)} ${num(page.p50).padStart(8)} ${num(page.p95).padStart(8)}  ${met ? 'met' : 'NOT met'}`,
    );
  }
  return lines;
}

export async function benchListingsList(
  database: BenchDatabase,
  options: { seconds: number; connections: number },
  print: (line: string) => void,
): Promise<void> {
  const reused = process.env.BENCH_DATABASE_NAME ? await findSeededListings(database.pool, ROWS) : null;
  if (reused) await database.pool.query('VACUUM ANALYZE "Listing"');
  const seeded = reused ?? (await seedListings(database.pool, ROWS));
  print(`${reused ? 'reused' : 'seeded'} ${ROWS} listings in one asset in ${seeded.seconds.toFixed(1)} s`);
  const scenarios: Scenario[] = [
    { label: 'page 1, newest first', page: 1 },
    { label: 'page 1,000, newest first', page: 1000 },
    { label: 'page 1, purpose + community + price', page: 1, filtered: true },
    { label: 'page 1,000, purpose + community + price', page: 1000, filtered: true },
    { label: `search a reference, '${listingReference(Math.round(ROWS / 2))}'`, page: 1, keyword: listingReference(Math.round(ROWS / 2)) },
    { label: "search a location, 'Palm Jumeirah'", page: 1, keyword: 'Palm Jumeirah' },
  ];
  buildServer();
  const server = await startServerProcess(database.url, seeded.userId);
  const measured: Measured[] = [];
  try {
    for (const scenario of scenarios) measured.push(await runScenario(database.pool, server, seeded.assetId, scenario, options, print));
  } finally {
    await server.stop();
  }
  for (const line of summary(measured)) print(line);
}
