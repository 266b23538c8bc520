import autocannon from 'autocannon';
import type pg from 'pg';
import { benchReferrer, capacityLine, freshCustomers, leadInput, SECONDS } from './leads-create.bench.js';
import type { SeededAsset } from './lib/leads-seed.js';
import type { ServerProcess } from './lib/server-process.js';
import { formatRow, summarise } from './lib/stats.js';

// The same creations as leads-create.bench.ts, through the API as an integrator calls it
// (POST /api/properties/leads/create with a bearer token), against the product in its own process. On one small
// machine the load generator, PostgreSQL, Redis and the server share the cores: the rate is the whole stack's.

const PATH = '/api/properties/leads/create';
/** Connections at once, one run each (BENCH_CREATE_HTTP_CONNECTIONS): more than in process, as each also waits on HTTP. */
const CONNECTIONS = (process.env.BENCH_CREATE_HTTP_CONNECTIONS ?? '16,64,256')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
/**
 * Creations before the measured runs, not counted: a server that has just started compiles its hot code (V8's
 * optimising tiers, Prisma's query compiler in wasm, a query plan per batch size) for several seconds; a
 * server in service has long done so.
 */
const WARMUP_SECONDS = Number(process.env.BENCH_CREATE_HTTP_WARMUP_SECONDS ?? 5);

export async function benchLeadsCreateHttp(pool: pg.Pool, server: ServerProcess, asset: SeededAsset): Promise<string[]> {
  const free = await freshCustomers(pool, asset.id, (CONNECTIONS.length * SECONDS + WARMUP_SECONDS) * 3000);
  const referrer = await benchReferrer(pool, asset.id);
  const headers = { ...server.headers, 'content-type': 'application/json', 'x-asset': asset.id };
  const body = (customer: string | undefined) => JSON.stringify(leadInput(customer ?? '', referrer));
  const probe = await fetch(`${server.address}${PATH}`, { method: 'POST', headers, body: body(free.pop()) });
  if (probe.status !== 201)
    return [`create through the API: skipped, the probe answered ${probe.status} ${(await probe.text()).slice(0, 200)}`];

  /** One run of `seconds` with `connections`: each request a lead of a fresh customer. */
  const run = (connections: number, seconds: number) =>
    new Promise<{ latencies: number[]; errors: number; firstError: string }>((resolve, reject) => {
      const outcome = { latencies: [] as number[], errors: 0, firstError: '' };
      const instance = autocannon(
        {
          url: `${server.address}${PATH}`,
          connections,
          duration: seconds,
          method: 'POST',
          headers,
          requests: [{ setupRequest: (request) => ({ ...request, body: body(free.pop()) }) }],
        },
        (error) => (error ? reject(error) : resolve(outcome)),
      );
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        if (statusCode !== 201) {
          outcome.errors += 1;
          outcome.firstError ||= `status ${statusCode}`;
        } else outcome.latencies.push(responseTime);
      });
    });

  const lines: string[] = [];
  if (WARMUP_SECONDS > 0) {
    const warmup = await run(Math.max(...CONNECTIONS), WARMUP_SECONDS);
    lines.push(`warm-up: ${warmup.latencies.length} leads in ${WARMUP_SECONDS} s, not counted`);
  }
  const rates: { callers: number; rps: number }[] = [];
  for (const connections of CONNECTIONS) {
    const { latencies, errors, firstError } = await run(connections, SECONDS);
    const result = summarise(`POST create x${connections} connections`, latencies, errors, SECONDS);
    lines.push(formatRow(result), `  ${result.rps.toFixed(0)} leads/s through the API with ${connections} connections`);
    if (firstError) lines.push(`  first error: ${firstError}`);
    if (!free.length) lines.push(`  ran out of fresh customers: the rate above counts ${SECONDS} s but the run ended earlier`);
    rates.push({ callers: connections, rps: errors ? 0 : result.rps });
  }
  lines.push(capacityLine(rates, 'connections'));
  return lines;
}
