import type { BenchDatabase } from './lib/bench-database.js';
import { startBenchApp } from './lib/leads-app.js';
import { findSeededLeads, seedLeads } from './lib/leads-seed.js';
import { buildServer, startServerProcess } from './lib/server-process.js';
import { benchLeadsCreate } from './leads-create.bench.js';
import { benchLeadsCreateHttp } from './leads-create-http.bench.js';
import { benchLeadsExport } from './leads-export.bench.js';
import { benchLeadsList } from './leads-list.bench.js';
import { benchLeadsSweep } from './leads-sweep.bench.js';

// The Leads report benchmarks (issue 3): BENCH_LEADS_ROWS leads (default 1,000,000) in one asset beside two
// smaller ones, then the list, the exports and lead creation. BENCH_LEADS_PARTS=list,export,create,create-http,sweep picks parts.

const ROWS = Number(process.env.BENCH_LEADS_ROWS ?? 1_000_000);
const PARTS = new Set((process.env.BENCH_LEADS_PARTS ?? 'list,export,create,create-http,sweep').split(',').map((p) => p.trim()));

export async function benchLeads(
  database: BenchDatabase,
  options: { seconds: number; connections: number },
  print: (line: string) => void,
): Promise<void> {
  const reused = process.env.BENCH_DATABASE_NAME ? await findSeededLeads(database.pool, ROWS) : null;
  const seeded = reused ?? (await seedLeads(database.pool, ROWS));
  const [big, ...others] = seeded.assets;
  if (!big) throw new Error('no asset seeded');
  print(
    `${reused ? 'reused' : 'seeded'} ${big.leads} leads in one asset (+${others.map((a) => a.leads).join(' and ')} in two others), with team, customers, listings, projects, reviews, in ${seeded.seconds.toFixed(1)} s`,
  );
  if (PARTS.has('list')) {
    print("\n### list (GET /api/properties/leads, the report's select and populates)");
    // The product in its own process, as `npm start` runs it: the load generator does not share its event loop.
    buildServer();
    const server = await startServerProcess(database.url, seeded.userId);
    try {
      for (const line of await benchLeadsList(database.pool, server, big, options)) print(line);
    } finally {
      await server.stop();
    }
  }
  if (PARTS.has('export')) {
    print('\n### export (100,000 rows unless BENCH_EXPORT_ROWS)');
    for (const line of await benchLeadsExport(database.pool, database.url, seeded.userId, big)) print(line);
  }
  if (PARTS.has('create')) {
    print('\n### lead creation with automatic assignment (createLead service, in process)');
    const bench = await startBenchApp(database.url, seeded.userId);
    try {
      for (const line of await benchLeadsCreate(database.pool, bench, big)) print(line);
    } finally {
      await bench.close();
    }
  }
  if (PARTS.has('sweep')) {
    print('\n### SLA sweep over every lead (runLeadSlaSweep, in process)');
    const bench = await startBenchApp(database.url, seeded.userId);
    try {
      for (const line of await benchLeadsSweep(database.pool, bench)) print(line);
    } finally {
      await bench.close();
    }
  }
  if (PARTS.has('create-http')) {
    print('\n### lead creation through the API (POST create, the product in its own process)');
    buildServer();
    const server = await startServerProcess(database.url, seeded.userId);
    try {
      for (const line of await benchLeadsCreateHttp(database.pool, server, big)) print(line);
    } finally {
      await server.stop();
    }
  }
}
