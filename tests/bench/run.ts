import { createBenchDatabase } from './lib/bench-database.js';
import { benchGenericList } from './generic-list.bench.js';
import { benchIdleMemory } from './idle-memory.bench.js';
import { benchLeads } from './leads.bench.js';
import { benchListingsImport } from './listings-import.bench.js';
import { benchTeamReports } from './team-reports.bench.js';
import { benchPortalIntake } from './portal-intake.bench.js';
import { benchListingsList } from './listings-list.bench.js';
import { benchListingFeed } from './listing-feed.bench.js';
import { benchDealsBoard } from './deals-board.bench.js';
import { benchActivities } from './activities.bench.js';
import { benchHome } from './home.bench.js';
import { benchTimeline } from './timeline.bench.js';

// `npm run bench`: every benchmark, each printed beside its baseline measured in the same run.
// Knobs (environment): BENCH_ONLY, BENCH_SECONDS, BENCH_CONNECTIONS (below); BENCH_GENERIC_ROWS, BENCH_GENERIC_SMALL_ROWS
// (generic-list.bench.ts); BENCH_LEADS_ROWS, BENCH_LEADS_PARTS
// (leads.bench.ts); BENCH_LISTINGS_ROWS (listings-list.bench.ts); BENCH_EXPORT_ROWS, BENCH_EXPORT_HEAP_CAP_MB (leads-export.bench.ts); BENCH_CREATE_SECONDS,
// BENCH_CREATE_CONCURRENCY (leads-create.bench.ts); BENCH_CREATE_HTTP_CONNECTIONS, BENCH_CREATE_HTTP_WARMUP_SECONDS
// (leads-create-http.bench.ts); BENCH_CPU_PROFILE (lib/cpu-profile.ts); BENCH_SERVER_NODE_FLAGS, BENCH_SERVER_STDOUT
// (lib/server-process.ts); BENCH_KEEP_DATABASE, BENCH_DATABASE_NAME (lib/bench-database.ts). Run only when named
// in BENCH_ONLY: import (listings-import.bench.ts, BENCH_IMPORT_ROWS); team-reports (team-reports.bench.ts,
// BENCH_TEAM_LEADS, BENCH_TEAM_AGENTS, BENCH_TEAM_OFFICES, BENCH_TEAM_CONNECTIONS); intake (portal-intake.bench.ts,
// BENCH_INTAKE_DELIVERIES, BENCH_INTAKE_CONNECTIONS, BENCH_INTAKE_DRAIN_MINUTES); feed (listing-feed.bench.ts,
// BENCH_FEED_ROWS); deals (deals-board.bench.ts, BENCH_DEALS_ROWS, BENCH_DEALS_OPEN, BENCH_DEALS_CONNECTIONS); home
// (home.bench.ts, BENCH_HOME_LEADS, BENCH_HOME_TASKS, BENCH_HOME_DEALS, BENCH_HOME_CONNECTIONS); timeline
// (timeline.bench.ts, BENCH_TIMELINE_EVENTS, BENCH_TIMELINE_NOISE_LEADS, BENCH_TIMELINE_CONNECTIONS); activities
// (activities.bench.ts, BENCH_ACTIVITIES_ROWS, BENCH_ACTIVITIES_CONNECTIONS).
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
// BENCH_ONLY=generic,leads,listings,idle runs a subset (those four by default; the others only when named).
const only = new Set((process.env.BENCH_ONLY ?? 'generic,leads,listings,idle').split(',').map((name) => name.trim()));

async function main() {
  const database = await createBenchDatabase();
  try {
    console.log(`# benchmarks (${seconds} s each, ${connections} connections)\n`);
    if (only.has('generic')) {
      console.log('## generic list endpoint (customers)');
      await benchGenericList(database, { seconds, connections }, (line) => console.log(line));
    }
    if (only.has('leads')) {
      console.log('\n## Leads report');
      await benchLeads(database, { seconds, connections }, (line) => console.log(line));
    }
    if (only.has('import')) {
      console.log('\n## listings import (CSV through the API and its background job)');
      await benchListingsImport(database, (line) => console.log(line));
    }
    if (only.has('team-reports')) {
      console.log('\n## team reports (Brokers, Offices)');
      await benchTeamReports(database, { seconds }, (line) => console.log(line));
    }
    if (only.has('intake')) {
      console.log('\n## portal lead intake (Property Finder webhooks, 10% resends)');
      await benchPortalIntake(database, (line) => console.log(line));
    }
    if (only.has('listings')) {
      console.log('\n## listing list (1M listings)');
      await benchListingsList(database, { seconds, connections }, (line) => console.log(line));
    }
    if (only.has('feed')) {
      console.log('\n## listing feed (Bayut XML, streamed)');
      await benchListingFeed(database, (line) => console.log(line));
    }
    if (only.has('deals')) {
      console.log('\n## deals board (100k deals, 5k open)');
      await benchDealsBoard(database, { seconds }, (line) => console.log(line));
    }
    if (only.has('home')) {
      console.log('\n## Home (agent, manager) at 1M leads');
      await benchHome(database, { seconds }, (line) => console.log(line));
    }
    if (only.has('timeline')) {
      console.log("\n## a lead's timeline (5,000 entries of every kind)");
      await benchTimeline(database, { seconds }, (line) => console.log(line));
    }
    if (only.has('activities')) {
      console.log('\n## activities (1M in one asset: buckets and the list)');
      await benchActivities(database, { seconds }, (line) => console.log(line));
    }
    if (only.has('idle')) {
      console.log('\n## idle memory');
      for (const line of await benchIdleMemory(database)) console.log(line);
    }
  } finally {
    await database.drop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
