import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

// Applies prisma/migrations the way `prisma migrate deploy` does (same `_prisma_migrations` table, checksum
// and advisory lock), so a machine that can run Prisma's own engine sees the same history.
const PRISMA_MIGRATE_LOCK_KEY = 72707369;

/**
 * The project's prisma/migrations, found by walking up from this module (src/db when run with tsx, dist/
 * when bundled) and then from the working directory, so it works from the repo, a workspace and a container.
 */
export function findMigrationsDir(startDirs: string[] = [path.dirname(fileURLToPath(import.meta.url)), process.cwd()]): string {
  const looked: string[] = [];
  for (const start of startDirs) {
    for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
      const candidate = path.join(dir, 'prisma', 'migrations');
      if (existsSync(path.join(candidate, 'migration_lock.toml'))) return candidate;
      looked.push(candidate);
      if (path.dirname(dir) === dir) break;
    }
  }
  throw new Error(`prisma/migrations not found (looked in ${looked.join(', ')})`);
}

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir = findMigrationsDir()): MigrationFile[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, 'migration.sql')))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export interface MigrateResult {
  applied: string[];
}

/** Applies pending migrations; safe when several processes start at once (they queue on the lock). */
export async function migrate(databaseUrl: string, migrations = readMigrations()): Promise<MigrateResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PRISMA_MIGRATE_LOCK_KEY]);
    await client.query(CREATE_TABLE);
    const { rows } = await client.query<{
      migration_name: string;
      checksum: string;
      finished_at: Date | null;
      rolled_back_at: Date | null;
    }>('SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"');
    const done = new Map(rows.filter((row) => row.rolled_back_at === null).map((row) => [row.migration_name, row]));
    for (const migration of migrations) {
      const previous = done.get(migration.name);
      if (previous?.finished_at) {
        if (previous.checksum !== migration.checksum) {
          console.warn(`migration ${migration.name} was modified after it was applied (checksum differs)`);
        }
        continue;
      }
      if (previous && !previous.finished_at) {
        // Same rule as Prisma's P3009: a failed migration blocks the deploy until someone resolves it.
        throw new Error(
          `migration ${migration.name} failed earlier and needs manual repair: fix the database, then ` +
            `\`prisma migrate resolve --rolled-back ${migration.name}\` (or set rolled_back_at = now() on its _prisma_migrations row)`,
        );
      }
      const id = randomUUID();
      await client.query(
        'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, now(), 0)',
        [id, migration.checksum, migration.name],
      );
      try {
        await client.query('BEGIN');
        await client.query(migration.sql);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        await client.query('UPDATE "_prisma_migrations" SET logs = $2 WHERE id = $1', [id, String(error)]);
        throw new Error(`migration ${migration.name} failed: ${(error as Error).message}`);
      }
      await client.query('UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1', [id]);
      applied.push(migration.name);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [PRISMA_MIGRATE_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
  return { applied };
}

/** Creates the database named in the URL if it does not exist (for `npm start` on a fresh machine). */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!name) return;
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`).catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error; // created meanwhile by another process
      });
    }
  } finally {
    await client.end();
  }
}
