import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { ensureDatabase, migrate } from '../../../apps/server/src/db/migrator.js';

// A throw-away database for one benchmark run, migrated like production.
export interface BenchDatabase {
  url: string;
  pool: pg.Pool;
  drop: () => Promise<void>;
}

export async function createBenchDatabase(): Promise<BenchDatabase> {
  const admin = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const url = new URL(admin);
  // BENCH_DATABASE_NAME reuses a database kept by an earlier run (BENCH_KEEP_DATABASE): migrated to this tree, its seeded
  // rows reused where a benchmark can (generic-list.bench.ts), and kept again.
  const reused = process.env.BENCH_DATABASE_NAME;
  const name = reused ?? `crm_bench_${randomBytes(4).toString('hex')}`;
  url.pathname = `/${name}`;
  await ensureDatabase(url.toString());
  await migrate(url.toString());
  const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
  return {
    url: url.toString(),
    pool,
    drop: async () => {
      await pool.end();
      // BENCH_KEEP_DATABASE=1 leaves it for a look with psql afterwards (drop it by hand).
      if (process.env.BENCH_KEEP_DATABASE || reused) return void console.log(`kept database ${name}`);
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}
