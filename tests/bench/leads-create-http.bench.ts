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
const CONNECTIONS = (process.env.BENCH_CREATE_HTTP_CONNECTIONS ?? '16,64,128').split(',').map(Number).filter((n) => n > 0);

export async function benchLeadsCreateHttp(pool: pg.Pool, server: ServerProcess, asset: SeededAsset): Promise<string[]> {
  const free = await freshCustomers(pool, asset.id, CONNECTIONS.length * SECONDS * 3000);
  const referrer = await benchReferrer(pool, asset.id);
  const headers = { ...server.headers, 'content-type': 'application/json', 'x-asset': asset.id };
  const body = (customer: string | undefined) => JSON.stringify(leadInput(customer ?? '', referrer));
  const probe = await fetch(`${server.address}${PATH}`, { method: 'POST', headers, body: body(free.pop()) });
  if (probe.status !== 201) return [`create through the API: skipped, the probe answered ${probe.status} ${(await probe.text()).slice(0, 200)}`];

  const lines: string[] = [];
  const rates: { callers: number; rps: number }[] = [];
  for (const connections of CONNECTIONS) {
    const latencies: number[] = [];
    let errors = 0;
    let firstError = '';
    await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: `${server.address}${PATH}`,
          connections,
          duration: SECONDS,
          method: 'POST',
          headers,
          requests: [{ setupRequest: (request) => ({ ...request, body: body(free.pop()) }) }],
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        if (statusCode !== 201) {
          errors += 1;
          firstError ||= `status ${statusCode}`;
        } else latencies.push(responseTime);
      });
    });
    const result = summarise(`POST create x${connections} connections`, latencies, errors, SECONDS);
    lines.push(formatRow(result), `  ${result.rps.toFixed(0)} leads/s through the API with ${connections} connections`);
    if (firstError) lines.push(`  first error: ${firstError}`);
    if (!free.length) lines.push(`  ran out of fresh customers: the rate above counts ${SECONDS} s but the run ended earlier`);
    rates.push({ callers: connections, rps: errors ? 0 : result.rps });
  }
  lines.push(capacityLine(rates, 'connections'));
  return lines;
}
