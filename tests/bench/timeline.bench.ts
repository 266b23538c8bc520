import type pg from 'pg';
import type { BenchDatabase } from './lib/bench-database.js';
import { startBenchApp } from './lib/leads-app.js';
import { loadHttp, loadSql } from './lib/load.js';
import { formatRatio, formatRow, type LoadResult } from './lib/stats.js';
import { seedTimeline } from './lib/timeline-seed.js';

// A lead's timeline (GET timeline/leads/{id}: the first 25 entries of BENCH_TIMELINE_EVENTS, default 5,000, of every
// kind), beside the same seven statements through pg in the same run, the 20th page by its cursor (the keyset keeps a
// deep page as cheap as the first) and a one-query declared call (the fixed cost of a call under the same load). BENCH_TIMELINE_NOISE_LEADS (2,000) other leads fill the same tables.
// Target: the first page's p95 under 100 ms. BENCH_TIMELINE_CONNECTIONS (default 4) requests at a time.

const EVENTS = Number(process.env.BENCH_TIMELINE_EVENTS ?? 5_000);
const NOISE = Number(process.env.BENCH_TIMELINE_NOISE_LEADS ?? 2_000);
const CONNECTIONS = Number(process.env.BENCH_TIMELINE_CONNECTIONS ?? 4);
const TARGET_P95_MS = 100;
const PAGE = 26;

// What the service asks each table for a first page (limit + 1 rows each, newest first by time, then id).
const SOURCES_SQL = [
  `SELECT id, type, subject, notes, outcome, "createdAt", "creatorId" FROM "Activity" WHERE "leadId" = $1 AND "deletedAt" IS NULL ORDER BY "createdAt" DESC, id DESC LIMIT ${PAGE}`,
  `SELECT id, stage, status, "changedAt", "changedById" FROM "LeadStageChange" WHERE "leadId" = $1 ORDER BY "changedAt" DESC, id DESC LIMIT ${PAGE}`,
  `SELECT a.id, a.reason, a."assignedAt", m.name, m."userId" FROM "LeadAssignment" a JOIN "TeamMember" m ON m.id = a."agentId" WHERE a."leadId" = $1 ORDER BY a."assignedAt" DESC, a.id DESC LIMIT ${PAGE}`,
  `SELECT id, "conversationId", direction, body, "templateName", "sentAt", "sentById" FROM "Message" WHERE "conversationId" IN (SELECT id FROM "Conversation" WHERE "leadId" = $1) ORDER BY "sentAt" DESC, id DESC LIMIT ${PAGE}`,
  `SELECT id, status, "startsAt", notes, "createdAt", "creatorId" FROM "Viewing" WHERE "leadId" = $1 ORDER BY "createdAt" DESC, id DESC LIMIT ${PAGE}`,
  `SELECT e.id, e.subject, e.status, e."signerName", e."createdAt", e."creatorId", f.name, f.url FROM "Envelope" e JOIN "StoredFile" f ON f.id = e."fileId" WHERE e."leadId" = $1 ORDER BY e."createdAt" DESC, e.id DESC LIMIT ${PAGE}`,
  `SELECT c.id, c."dealId", c."fromStage", c."toStage", c."changedAt", c."changedById" FROM "DealStageChange" c WHERE c."dealId" IN (SELECT id FROM "Deal" WHERE "leadId" = $1 AND "deletedAt" IS NULL) ORDER BY c."changedAt" DESC, c.id DESC LIMIT ${PAGE}`,
];

const verdict = (result: LoadResult) =>
  `  p95 target < ${TARGET_P95_MS} ms: ${result.p95 < TARGET_P95_MS && result.errors === 0 ? 'within target' : 'OVER target'}`;

export async function benchTimeline(database: BenchDatabase, options: { seconds: number }, print: (line: string) => void): Promise<void> {
  const seed = await seedTimeline(database.pool, { events: EVENTS, noiseLeads: NOISE });
  print(`seeded a lead with ${seed.events} timeline entries beside ${NOISE} other leads in ${seed.seconds.toFixed(1)} s`);
  const bench = await startBenchApp(database.url, seed.userId);
  const load = { connections: CONNECTIONS, seconds: options.seconds };
  const first = `${bench.address}/api/timeline/leads/${seed.leadId}`;
  const sqlPage = (pool: pg.Pool) => Promise.all(SOURCES_SQL.map((sql) => pool.query(sql, [seed.leadId])));
  try {
    // Walk the whole timeline once: every entry once, newest first (the check that the figures are of a real answer).
    let cursor: string | null = null;
    let seen = 0;
    let page20: string | null = null;
    const ids = new Set<string>();
    for (let page = 1; page === 1 || cursor; page += 1) {
      const res: Response = await fetch(`${first}?limit=100${cursor ? `&cursor=${cursor}` : ''}`, { headers: bench.headers });
      const body = (await res.json()) as { data: { id: string }[]; meta: { nextCursor: string | null } };
      for (const entry of body.data) ids.add(entry.id);
      seen += body.data.length;
      cursor = body.meta.nextCursor;
    }
    print(
      `the timeline walks ${seen} entries, ${ids.size} distinct (seeded ${seed.events}: ${ids.size === seed.events && seen === seed.events ? 'equal' : 'DIFFERENT'})`,
    );
    cursor = null;
    for (let page = 1; page < 20; page += 1) {
      const body = (await (await fetch(`${first}${cursor ? `?cursor=${cursor}` : ''}`, { headers: bench.headers })).json()) as {
        meta: { nextCursor: string | null };
      };
      cursor = body.meta.nextCursor;
    }
    page20 = cursor;
    for (let i = 0; i < 3; i += 1) {
      await fetch(first, { headers: bench.headers });
      await sqlPage(database.pool);
    }
    const api = await loadHttp('first page (25), API GET /api/timeline/leads/{id}', first, bench.headers, load);
    const sql = await loadSql('  the same seven statements through pg', database.pool, sqlPage, load);
    const deep = await loadHttp('20th page by its cursor, API', `${first}?cursor=${page20}`, bench.headers, load);
    // The fixed cost of any declared call here (token, admission, one small query, JSON), under the same load.
    const fixed = await loadHttp(
      '  a one-query call, API GET /api/deals/pipelines',
      `${bench.address}/api/deals/pipelines`,
      bench.headers,
      load,
    );
    for (const result of [api, sql, deep, fixed]) print(formatRow(result));
    print(verdict(api));
    print(
      formatRatio('  first page vs its SQL', api, sql, null, 'the call adds the lead check, the authors, the fixed cost above and JSON'),
    );
  } finally {
    await bench.close();
  }
}
