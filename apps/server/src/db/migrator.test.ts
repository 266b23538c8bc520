import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { findMigrationsDir, migrate, readMigrations, type MigrationFile } from './migrator.js';

// The migrator must leave exactly the history `prisma migrate deploy` would: these tests run it on empty
// databases of their own and read `_prisma_migrations` back.
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const repoMigrations = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../prisma/migrations');
const created: string[] = [];

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function emptyDatabase(): Promise<string> {
  const name = `crm_migrator_${randomBytes(5).toString('hex')}`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  created.push(name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

function migration(name: string, sql: string): MigrationFile {
  return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
}

interface MigrationRow {
  id: string;
  checksum: string;
  finished_at: Date | null;
  migration_name: string;
  logs: string | null;
  rolled_back_at: Date | null;
  started_at: Date;
  applied_steps_count: number;
}

const historyOf = (url: string) => query<MigrationRow>(url, 'SELECT * FROM "_prisma_migrations" ORDER BY started_at, migration_name');
const tableExists = async (url: string, table: string) =>
  (await query<{ found: string | null }>(url, 'SELECT to_regclass($1) AS found', [`"${table}"`]))[0]?.found !== null;

afterAll(async () => {
  for (const name of created) await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
});

describe('migrate()', () => {
  const migrations = readMigrations();

  it('reads every folder of prisma/migrations with the sha256 of its migration.sql', () => {
    const folders = readdirSync(repoMigrations, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(migrations.map((m) => m.name)).toEqual(folders);
    for (const m of migrations) {
      const bytes = readFileSync(path.join(repoMigrations, m.name, 'migration.sql'));
      expect(m.checksum).toBe(createHash('sha256').update(bytes).digest('hex'));
    }
  });

  it('applies all migrations to an empty database and records them like prisma migrate deploy', async () => {
    const url = await emptyDatabase();
    const before = new Date();
    const result = await migrate(url);
    expect(result.applied).toEqual(migrations.map((m) => m.name));

    // The bookkeeping table has Prisma's exact shape.
    const columns = await query<{
      column_name: string;
      data_type: string;
      is_nullable: string;
      character_maximum_length: number | null;
      column_default: string | null;
    }>(
      url,
      `SELECT column_name, data_type, is_nullable, character_maximum_length, column_default
       FROM information_schema.columns WHERE table_name = '_prisma_migrations' ORDER BY ordinal_position`,
    );
    expect(columns.map((c) => [c.column_name, c.data_type, c.is_nullable, c.character_maximum_length])).toEqual([
      ['id', 'character varying', 'NO', 36],
      ['checksum', 'character varying', 'NO', 64],
      ['finished_at', 'timestamp with time zone', 'YES', null],
      ['migration_name', 'character varying', 'NO', 255],
      ['logs', 'text', 'YES', null],
      ['rolled_back_at', 'timestamp with time zone', 'YES', null],
      ['started_at', 'timestamp with time zone', 'NO', null],
      ['applied_steps_count', 'integer', 'NO', null],
    ]);
    expect(columns.find((c) => c.column_name === 'started_at')?.column_default).toBe('now()');
    expect(columns.find((c) => c.column_name === 'applied_steps_count')?.column_default).toBe('0');

    const rows = await historyOf(url);
    expect(rows.map((r) => r.migration_name)).toEqual(migrations.map((m) => m.name));
    for (const row of rows) {
      const sql = readFileSync(path.join(repoMigrations, row.migration_name, 'migration.sql'));
      expect(row.checksum).toBe(createHash('sha256').update(sql).digest('hex'));
      expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(row.applied_steps_count).toBe(1);
      expect(row.logs).toBeNull();
      expect(row.rolled_back_at).toBeNull();
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.started_at.getTime()).toBeGreaterThanOrEqual(before.getTime() - 5_000);
      expect(row.finished_at?.getTime()).toBeGreaterThanOrEqual(row.started_at.getTime());
    }
    expect(await tableExists(url, 'Lead')).toBe(true);
    expect(await tableExists(url, '_ProjectAgents')).toBe(true);
  });

  it('applies nothing on a second run', async () => {
    const url = await emptyDatabase();
    await migrate(url);
    const first = await historyOf(url);
    expect(await migrate(url)).toEqual({ applied: [] });
    expect(await historyOf(url)).toEqual(first);
  });

  it('two concurrent runs on one fresh database both succeed and apply each migration once', async () => {
    const url = await emptyDatabase();
    // A slow extra migration widens the window in which the second run must wait on the advisory lock.
    const list = [
      ...migrations,
      migration('29990101000000_slow', 'SELECT pg_sleep(0.4);\nCREATE TABLE "SlowOne" ("id" INTEGER NOT NULL);'),
    ];
    const results = await Promise.all([migrate(url, list), migrate(url, list)]);
    const applied = results.flatMap((r) => r.applied).sort();
    expect(applied).toEqual(list.map((m) => m.name).sort());
    expect(results.some((r) => r.applied.length === 0)).toBe(true);
    const rows = await historyOf(url);
    expect(rows).toHaveLength(list.length);
    expect(rows.every((r) => r.finished_at !== null && r.applied_steps_count === 1)).toBe(true);
  });

  it('rolls a failing migration back, reports it, and refuses to go on until it is resolved', async () => {
    const url = await emptyDatabase();
    const good = migration('20000101000000_good', 'CREATE TABLE "Good" ("id" INTEGER NOT NULL);');
    const bad = migration(
      '20000102000000_bad',
      'CREATE TABLE "Partial" ("id" INTEGER NOT NULL);\nINSERT INTO "Good" VALUES (1);\nSELECT 1 / 0;',
    );
    await expect(migrate(url, [good, bad])).rejects.toThrow(/migration 20000102000000_bad failed: division by zero/);

    // Nothing of the failed migration stays, the earlier one does.
    expect(await tableExists(url, 'Partial')).toBe(false);
    expect(await tableExists(url, 'Good')).toBe(true);
    expect(await query(url, 'SELECT * FROM "Good"')).toEqual([]);
    const rows = await historyOf(url);
    expect(rows.map((r) => [r.migration_name, r.applied_steps_count, r.finished_at === null])).toEqual([
      ['20000101000000_good', 1, false],
      ['20000102000000_bad', 0, true],
    ]);
    expect(rows[1]?.logs).toContain('division by zero');

    // Like Prisma's P3009: a failed migration blocks later runs...
    await expect(migrate(url, [good, bad])).rejects.toThrow(/20000102000000_bad failed earlier and needs manual repair/);
    // ...until it is marked rolled back; then the fixed migration applies.
    await query(url, `UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE migration_name = $1`, [bad.name]);
    const fixed = migration(bad.name, 'CREATE TABLE "Partial" ("id" INTEGER NOT NULL);');
    expect(await migrate(url, [good, fixed])).toEqual({ applied: [bad.name] });
    expect(await tableExists(url, 'Partial')).toBe(true);
  });
});

describe('findMigrationsDir()', () => {
  it('finds prisma/migrations from the source folder, from the bundle folder and from the repository root', () => {
    const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    expect(findMigrationsDir()).toBe(repoMigrations);
    expect(findMigrationsDir([path.join(serverDir, 'dist')])).toBe(repoMigrations);
    expect(findMigrationsDir([path.resolve(serverDir, '../..')])).toBe(repoMigrations);
  });

  it('says where it looked when there is none', () => {
    const nowhere = mkdtempSync(path.join(os.tmpdir(), 'no-migrations-'));
    expect(() => findMigrationsDir([nowhere])).toThrow(/prisma\/migrations not found \(looked in .*no-migrations-/);
  });
});
