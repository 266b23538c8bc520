import type pg from 'pg';
import { runLeadSlaSweep } from '../../apps/server/src/modules/leads/lead-sla-sweep.job.js';
import type { BenchApp } from './lib/leads-app.js';
import { formatRatio, formatRow, summarise } from './lib/stats.js';

// The SLA sweep (every 30 s in service) over the whole table: it must find the few leads whose deadline has
// passed without reading the many that have none, however many leads there are. Beside it, a count of the
// open leads through pg (a cheap query that still reads its index): the sweep should cost far less.

const RUNS = 20;

export async function benchLeadsSweep(pool: pg.Pool, bench: BenchApp): Promise<string[]> {
  const sweep: number[] = [];
  let checked = 0;
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    checked += (await runLeadSlaSweep(bench.app.deps)).checked;
    sweep.push(performance.now() - started);
  }
  const baseline: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    await pool.query(`SELECT count(*) FROM "Lead" WHERE "isInFreePool" AND "freePoolSlaEndDate" <= now()`);
    baseline.push(performance.now() - started);
  }
  const api = summarise(`SLA sweep, ${RUNS} runs (${checked} leads due)`, sweep, 0, sweep.reduce((a, b) => a + b, 0) / 1000);
  const sql = summarise('  pooled leads past their deadline, counted through pg', baseline, 0, baseline.reduce((a, b) => a + b, 0) / 1000);
  return [formatRow(api), formatRow(sql), formatRatio('  sweep vs that count', api, sql, null, 'both read an index, not the table')];
}
