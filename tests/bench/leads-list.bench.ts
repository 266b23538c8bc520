import type pg from 'pg';
import type { SeededAsset } from './lib/leads-seed.js';
import { loadHttp, loadSql } from './lib/load.js';
import { formatRatio, formatRow } from './lib/stats.js';

// The Leads report's list call (GET /api/properties/leads with the report's select and populates) over the
// big asset: page 1 and page 1,000 in the default order, and page 1 with three filters combined. Beside each,
// the same SQL straight through pg: the page with its joins plus the exact count a page's `total` needs,
// and the page alone (what is left once the count is cached).

/** Targets: the API's p95 under this, and its p50 within 2x of the same SQL (page + count). */
const P95_TARGET_MS = 60;

/** The report's fields and relations (apps/web features/leads/report/lead-row.ts). */
const SELECT = [
  'leadID',
  'sourceDataId',
  'contactType',
  'inputSource',
  'source',
  'sourceChannel',
  'location',
  'status',
  'stage',
  'officeName',
  'parentId',
  'dataSourceCreatedAt',
  'initialSlaEndDate',
  'freePoolSlaEndDate',
  'acceptedAt',
  'isAccepted',
  'isAssignedFromLeadPool',
  'isClaimedFromPool',
  'isContacted',
  'creatorName',
  'updatedByName',
];
const POPULATE = [
  { path: 'agent', select: ['name', 'officeName', 'reportedTo'] },
  { path: 'listing', select: ['reference'] },
  { path: 'project', select: ['name', 'campaignName', 'developer'] },
  { path: 'review', select: ['rating', 'feedback', 'category'] },
];

const PAGE_SQL = `
  SELECT l.id, l."leadID", l."sourceDataId", l."contactType", l."inputSource", l.source, l."sourceChannel", l.location, l.status, l.stage,
         l."officeName", l."parentId", l."dataSourceCreatedAt", l."initialSlaEndDate", l."freePoolSlaEndDate", l."acceptedAt", l."isAccepted",
         l."isAssignedFromLeadPool", l."isClaimedFromPool", l."isContacted", l."creatorName", l."updatedByName",
         a.id AS agent_id, a.name AS agent_name, a."officeName" AS agent_office, a."reportedToId",
         li.id AS listing_id, li.reference, p.id AS project_id, p.name AS project_name, p."campaignName", p."developerId",
         r.id AS review_id, r.rating, r.feedback, r.category
  FROM "Lead" l
  LEFT JOIN "TeamMember" a ON a.id = l."agentId"
  LEFT JOIN "Listing" li ON li.id = l."listingId"
  LEFT JOIN "Project" p ON p.id = l."projectId"
  LEFT JOIN "LeadReview" r ON r."leadId" = l.id`;

interface Scenario {
  label: string;
  filter: Record<string, unknown>;
  /** WHERE after the asset and soft-delete conditions ($1 asset, then `params`). */
  where: string;
  params: unknown[];
  offset: number;
}

/** The server under test: its address and a bearer token's headers. */
export interface ListTarget {
  address: string;
  headers: Record<string, string>;
}

export interface LeadsListOptions {
  seconds: number;
  connections: number;
}

async function probe(bench: ListTarget, url: string): Promise<{ total: number; ms: number }> {
  const started = performance.now();
  const res = await fetch(url, { headers: bench.headers });
  const body = (await res.json()) as { data?: unknown[]; meta?: { total?: number } };
  if (!res.ok || typeof body.meta?.total !== 'number' || !body.data?.length)
    throw new Error(`leads list probe failed: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return { total: body.meta.total, ms: performance.now() - started };
}

export async function benchLeadsList(pool: pg.Pool, bench: ListTarget, asset: SeededAsset, options: LeadsListOptions): Promise<string[]> {
  const now = new Date();
  const from = new Date(now.getTime() - 90 * 86_400_000);
  const stages = ['New', 'Qualified', 'Viewing'];
  const scenarios: Scenario[] = [
    { label: 'page 1, default sort', filter: { page: 1, limit: 20 }, where: '', params: [], offset: 0 },
    { label: 'page 1,000, default sort', filter: { page: 1000, limit: 20 }, where: '', params: [], offset: 19_980 },
    {
      label: 'page 1, status + stage $in + 90-day range',
      filter: {
        page: 1,
        limit: 20,
        query: { status: 'Open', stage: { $in: stages }, dataSourceCreatedAt: { $gte: from.toISOString(), $lte: now.toISOString() } },
      },
      where: 'AND l.status = $2 AND l.stage = ANY($3::text[]) AND l."dataSourceCreatedAt" >= $4 AND l."dataSourceCreatedAt" <= $5',
      params: ['Open', stages, from, now],
      offset: 0,
    },
  ];

  const lines: string[] = [];
  for (const scenario of scenarios) {
    const filter = { ...scenario.filter, sort: { dataSourceCreatedAt: -1 }, select: SELECT, populate: POPULATE };
    const url = `${bench.address}/api/properties/leads?filter=${encodeURIComponent(JSON.stringify(filter))}`;
    // The first call pays for the exact count; later calls of the same filter read it from the cache.
    const cold = await probe(bench, url);
    const warm = await probe(bench, url);
    const where = `WHERE l."assetId" = $1 AND l."deletedAt" IS NULL ${scenario.where}`;
    const args = [asset.id, ...scenario.params];
    const countSql = `SELECT count(*)::int AS total FROM "Lead" l ${where}`;
    const order = 'ORDER BY l."dataSourceCreatedAt" DESC, l.id DESC';
    // A deep page, hand-written as the API runs it: the page's ids first (inside the index), then their rows.
    const pageSql =
      scenario.offset >= 1000
        ? `${PAGE_SQL} JOIN (SELECT l.id FROM "Lead" l ${where} ${order} LIMIT 20 OFFSET ${scenario.offset}) page ON page.id = l.id ${order}`
        : `${PAGE_SQL} ${where} ${order} LIMIT 20 OFFSET ${scenario.offset}`;
    const exact = (await pool.query<{ total: number }>(countSql, args)).rows[0]?.total;
    lines.push(
      `${scenario.label}: total ${cold.total} (SQL count ${exact}${exact === cold.total ? ', equal' : ', DIFFERENT'}); first call ${cold.ms.toFixed(1)} ms (counts), second ${warm.ms.toFixed(1)} ms`,
    );
    await loadHttp('warm-up', url, bench.headers, { connections: options.connections, seconds: 1 });
    // The server's CPU profile: BENCH_SERVER_NODE_FLAGS='--cpu-prof --cpu-prof-dir=DIR' (server-process.ts).
    const api = await loadHttp(`  API ${scenario.label}`, url, bench.headers, options);
    const sql = await loadSql(
      '  SQL page + count(*) through pg',
      pool,
      (p) => Promise.all([p.query(pageSql, args), p.query(countSql, args)]),
      options,
    );
    const page = await loadSql(
      scenario.offset >= 1000 ? '  SQL page alone (ids first) through pg' : '  SQL page alone through pg',
      pool,
      (p) => p.query(pageSql, args),
      options,
    );
    lines.push(formatRow(api), formatRow(sql), formatRow(page));
    // The target compares like with like: the API answers the page and its total, so does the SQL beside it.
    // Against the bare page it shows what the API adds (its session check, the count cache, HTTP): no target.
    lines.push(
      formatRatio('  vs page + count', api, sql, 2),
      formatRatio('  vs page alone', api, page, null, 'the API also checks the session and reads the cached total'),
    );
    lines.push(
      `  API p95 ${api.p95.toFixed(1)} ms (target < ${P95_TARGET_MS} ms: ${api.p95 < P95_TARGET_MS ? 'within target' : 'OVER target'})`,
    );
  }
  return lines;
}
