import type pg from 'pg';
import { digitKey, digitsLead, keywordWords, searchLead } from '../../apps/server/src/resources/search-plan.js';
import type { BenchDatabase } from './lib/bench-database.js';
import { customerPhone, findSeededCustomers, seedCustomers } from './lib/customers-seed.js';
import { loadHttp, loadSql } from './lib/load.js';
import { buildServer, cpuMs, startServerProcess, type ServerProcess } from './lib/server-process.js';
import { formatRatio, formatRow, type LoadResult } from './lib/stats.js';

// The generic list endpoint (GET /api/customers, and its keyword search GET /api/customers/search) over
// BENCH_GENERIC_ROWS customers (default 1,000,000) in one asset, beside BENCH_GENERIC_SMALL_ROWS (10,000) in another
// of the same company, against the product in its own process. Each call is printed beside the same SQL through pg:
// the page and the exact count its `total` needs. Targets: API p95 under 60 ms, and API p50 within 2x of that SQL.

const ROWS = Number(process.env.BENCH_GENERIC_ROWS ?? 1_000_000);
const SMALL_ROWS = Number(process.env.BENCH_GENERIC_SMALL_ROWS ?? 10_000);
const P95_TARGET_MS = 60;
const RATIO_TARGET = 2;

/** What the list answers when the filter names no `select`: every stored field of the customer contract. */
const COLUMNS = `id, "assetId", "companyId", "creatorId", "updatedById", "createdAt", "updatedAt", "deletedAt", "customerID", "firstName",
  "lastName", "fullName", email, "phoneCode", phone, "phoneNumber", type, enabled, "doNotDisturb", "inputSource", "sourceDataId",
  "imageUrl", "avatarId", translations, "dncrStatus", "crmId", "loginEnabled", "quickLoginExpiresAt"`;
const ORDER = 'ORDER BY "createdAt" DESC, id DESC';
/** The customer contract's search fields (a caller who may see email and phone). */
const SEARCH_COLUMNS = ['"customerID"', '"fullName"', 'email', '"phoneNumber"', '"sourceDataId"'];

interface Scenario {
  label: string;
  asset: 'big' | 'small';
  page: number;
  keyword?: string;
  /** The search's LIKE patterns beside the typed text: a phone's digits. */
  digits?: string;
}

/**
 * The keyword search's condition, as the engine builds it (apps/server/src/resources/search-plan.ts): a keyword of words
 * only (a name) through the word beginnings of "searchWords"; a phone of seven digits or more, candidates by the digit
 * key of its last seven in "searchWords"; any other, candidates through the trigram-indexed "searchText" by a part of
 * the text; then each field contains the text, the phone its digits.
 */
function searchSql(scenario: Scenario, assetId: string, firstParam: number): { sql: string; params: (string | string[])[] } {
  if (!scenario.keyword) return { sql: '', params: [] };
  const words = keywordWords(scenario.keyword);
  if (words) return { sql: `AND "searchWords" @> $${firstParam}::text[]`, params: [words.map((word) => `${assetId}:${word}`)] };
  const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const arm = (lead: number, text: number, columns: string[]) =>
    `("searchText" ILIKE $${lead} AND (${columns.map((column) => `${column} ILIKE $${text}`).join(' OR ')}))`;
  const key = digitKey(scenario.digits ?? null);
  if (key) {
    const fields = [...SEARCH_COLUMNS.map((column) => `${column} ILIKE $${firstParam + 1}`), `"phoneNumber" ILIKE $${firstParam + 2}`];
    return {
      sql: `AND "searchWords" @> ARRAY[$${firstParam}::text] AND (${fields.join(' OR ')})`,
      params: [`${assetId}:${key}`, like(scenario.keyword), like(scenario.digits ?? '')],
    };
  }
  const arms = [arm(firstParam, firstParam + 1, SEARCH_COLUMNS)];
  const params = [like(searchLead(scenario.keyword)), like(scenario.keyword)];
  if (scenario.digits) {
    arms.push(arm(firstParam + 2, firstParam + 3, ['"phoneNumber"']));
    params.push(like(digitsLead(scenario.digits)), like(scenario.digits));
  }
  return { sql: `AND (${arms.join(' OR ')})`, params };
}

function apiUrl(server: ServerProcess, scenario: Scenario, assetId: string, bigAssetId: string): string {
  const filter = encodeURIComponent(JSON.stringify({ page: scenario.page, limit: 20, sort: { createdAt: -1 } }));
  const asset = assetId === bigAssetId ? '' : `&asset=${assetId}`;
  const keyword = scenario.keyword ? `&keyword=${encodeURIComponent(scenario.keyword)}` : '';
  return `${server.address}/api/customers${scenario.keyword ? '/search' : ''}?filter=${filter}${keyword}${asset}`;
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** The scans of a query's plan, as EXPLAIN ANALYZE ran it: which indexes the page and the count use. */
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

async function probe(server: ServerProcess, url: string): Promise<{ total: number; ms: number }> {
  const started = performance.now();
  const res = await fetch(url, { headers: server.headers });
  const body = (await res.json()) as { data?: unknown[]; meta?: { total?: number } };
  if (!res.ok || typeof body.meta?.total !== 'number' || !body.data?.length)
    throw new Error(`generic list probe failed: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return { total: body.meta.total, ms: performance.now() - started };
}

interface Measured {
  scenario: Scenario;
  api: LoadResult;
  sql: LoadResult;
}

async function runScenario(
  pool: pg.Pool,
  server: ServerProcess,
  scenario: Scenario,
  assets: { big: string; small: string },
  options: { seconds: number; connections: number },
  print: (line: string) => void,
): Promise<Measured> {
  const assetId = assets[scenario.asset];
  const url = apiUrl(server, scenario, assetId, assets.big);
  const search = searchSql(scenario, assetId, 2);
  const where = `WHERE "assetId" = $1 AND "deletedAt" IS NULL ${search.sql}`;
  const args = [assetId, ...search.params];
  const offset = (scenario.page - 1) * 20;
  const countSql = `SELECT count(*)::int AS total FROM "Customer" ${where}`;
  // A deep page as the API reads it: the page's ids first (inside the sort index), then their rows.
  const pageSql =
    offset >= 1000
      ? `SELECT ${COLUMNS} FROM "Customer" WHERE id IN (SELECT id FROM "Customer" ${where} ${ORDER} LIMIT 20 OFFSET ${offset}) ${ORDER}`
      : `SELECT ${COLUMNS} FROM "Customer" ${where} ${ORDER} LIMIT 20 OFFSET ${offset}`;

  // The first call pays for the exact count; later calls of the same filter read it from the cache.
  const cold = await probe(server, url);
  const warm = await probe(server, url);
  const exact = (await pool.query<{ total: number }>(countSql, args)).rows[0]?.total;
  print(
    `${scenario.label}: total ${cold.total} (SQL count ${exact}${exact === cold.total ? ', equal' : ', DIFFERENT'}); first call ${cold.ms.toFixed(1)} ms (counts), second ${warm.ms.toFixed(1)} ms`,
  );
  print(`  plan of the page: ${await scansOf(pool, pageSql, args)}`);
  print(`  plan of the count: ${await scansOf(pool, countSql, args)}`);
  await loadHttp('warm-up', url, server.headers, { connections: options.connections, seconds: 1 });
  const cpuBefore = cpuMs(server.pid);
  const api = await loadHttp(
    `  API ${scenario.keyword ? 'GET /api/customers/search' : 'GET /api/customers'}`,
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
  print(`  server CPU ${serverCpu.toFixed(2)} ms per answer (one core would serve ${Math.round(1000 / serverCpu)} a second)`);
  print(`  API p95 ${api.p95.toFixed(1)} ms (target < ${P95_TARGET_MS} ms: ${api.p95 < P95_TARGET_MS ? 'within target' : 'OVER target'})`);
  return { scenario, api, sql };
}

const sizeOf = (rows: number) => (rows >= 1_000_000 ? `${rows / 1_000_000}M` : `${Math.round(rows / 1000)}k`);

function summary(measured: Measured[]): string[] {
  const pad = (text: string, width: number) => text.padEnd(width);
  const num = (value: number) => value.toFixed(1).padStart(7);
  const lines = [
    '',
    `${pad('call', 46)} ${'API p50'.padStart(7)} ${'API p95'.padStart(7)} ${'SQL p50'.padStart(7)} ${'SQL p95'.padStart(7)}  ratio  targets (p95 < ${P95_TARGET_MS} ms, <= ${RATIO_TARGET}x SQL)`,
  ];
  for (const { scenario, api, sql } of measured) {
    const ratio = api.p50 / sql.p50;
    const met = api.p95 < P95_TARGET_MS && ratio <= RATIO_TARGET;
    lines.push(
      `${pad(scenario.label, 46)} ${num(api.p50)} ${num(api.p95)} ${num(sql.p50)} ${num(sql.p95)}  ${ratio.toFixed(2).padStart(5)}  ${met ? 'met' : 'NOT met'}`,
    );
  }
  return lines;
}

export async function benchGenericList(
  database: BenchDatabase,
  options: { seconds: number; connections: number },
  print: (line: string) => void,
): Promise<void> {
  const reused = process.env.BENCH_DATABASE_NAME ? await findSeededCustomers(database.pool, ROWS, SMALL_ROWS) : null;
  // A reused table may carry a migration's rewritten rows: vacuumed as a fresh seed leaves it (index-only scans).
  if (reused) await database.pool.query('VACUUM ANALYZE "Customer"');
  const seeded = reused ?? (await seedCustomers(database.pool, ROWS, SMALL_ROWS));
  print(
    `${reused ? 'reused' : 'seeded'} ${ROWS} customers in one asset (+${SMALL_ROWS} in a second asset of the company) in ${seeded.seconds.toFixed(1)} s`,
  );
  const phone = customerPhone(Math.round(ROWS / 3));
  const big = sizeOf(ROWS);
  const small = sizeOf(SMALL_ROWS);
  const scenarios: Scenario[] = [
    { label: `page 1 (${big} asset)`, asset: 'big', page: 1 },
    { label: `page 1,000 (${big} asset)`, asset: 'big', page: 1000 },
    { label: `search a name, 'Fatima Khan' (${big} asset)`, asset: 'big', page: 1, keyword: 'Fatima Khan' },
    {
      label: `search a phone, '${phone.typed}' (${big} asset)`,
      asset: 'big',
      page: 1,
      keyword: phone.typed,
      digits: phone.stored.slice(1),
    },
    { label: `page 1 (${small} asset)`, asset: 'small', page: 1 },
    { label: `search a name, 'Khan' (${small} asset)`, asset: 'small', page: 1, keyword: 'Khan' },
  ];
  // The product in its own process, as `npm start` runs it: the load generator does not share its event loop.
  buildServer();
  const server = await startServerProcess(database.url, seeded.userId);
  const measured: Measured[] = [];
  try {
    for (const scenario of scenarios)
      measured.push(await runScenario(database.pool, server, scenario, { big: seeded.big.id, small: seeded.small.id }, options, print));
  } finally {
    await server.stop();
  }
  for (const line of summary(measured)) print(line);
}
