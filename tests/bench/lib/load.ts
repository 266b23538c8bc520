import autocannon from 'autocannon';
import type pg from 'pg';
import { summarise, type LoadResult } from './stats.js';

// Drives the HTTP API with autocannon, recording every response time so p95 can be read exactly.
export async function loadHttp(
  label: string,
  url: string,
  headers: Record<string, string>,
  options: { connections: number; seconds: number },
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, headers, connections: options.connections, duration: options.seconds }, (error, done) =>
      error ? reject(error) : resolve(done),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 400) errors++;
      latencies.push(responseTime);
    });
  });
  errors += result.errors + result.timeouts;
  return summarise(label, latencies, errors, options.seconds);
}

// Runs the same SQL straight through pg with the same concurrency and duration.
export async function loadSql(
  label: string,
  pool: pg.Pool,
  run: (client: pg.Pool) => Promise<unknown>,
  options: { connections: number; seconds: number },
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + options.seconds * 1000;
  const workers = Array.from({ length: options.connections }, async () => {
    while (performance.now() < deadline) {
      const started = performance.now();
      try {
        await run(pool);
        latencies.push(performance.now() - started);
      } catch {
        errors++;
      }
    }
  });
  await Promise.all(workers);
  return summarise(label, latencies, errors, options.seconds);
}
