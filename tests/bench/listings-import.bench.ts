import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import type { BenchDatabase } from './lib/bench-database.js';
import { buildServer, memoryMb, resetPeakMemory, startServerProcess, type ServerProcess } from './lib/server-process.js';

// A 10,000-row listings import (BENCH_IMPORT_ROWS) through the API as a user runs it: POST import with the CSV,
// then the background job (in the server's own process, its workers on) until completed, polled as the wizard
// does; then the same file again (every row an update). Each with its time and the server's peak resident memory
// (VmHWM, reset before each run) beside its resident memory when the run starts (what the import adds is the
// difference). The baseline: the same number of single-row INSERT transactions through `pg`.

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const TARGET_SECONDS = 30;
const TARGET_MB = 300;

async function seedUser(pool: pg.Pool): Promise<{ userId: string; assetId: string; companyId: string }> {
  const companyId = randomUUID();
  const assetId = randomUUID();
  const roleId = randomUUID();
  const userId = randomUUID();
  await pool.query(`INSERT INTO "Company" (id, name, "updatedAt") VALUES ($1, 'Import Bench Co', now())`, [companyId]);
  await pool.query(`INSERT INTO "Asset" (id, "companyId", name, "updatedAt") VALUES ($1, $2, 'Import Asset', now())`, [assetId, companyId]);
  await pool.query(
    `INSERT INTO "Role" (id, "companyId", name, code, permissions, "updatedAt") VALUES ($1, $2, 'Super Admin', 'SUPER_ADMIN', '{}', now())`,
    [roleId, companyId],
  );
  await pool.query(
    `INSERT INTO "User" (id, "companyId", "roleId", "activeAssetId", email, "fullName", "passwordHash", "updatedAt") VALUES ($1, $2, $3, $4, 'import-bench@example.com', 'Import Bench', 'x', now())`,
    [userId, companyId, roleId, assetId],
  );
  await pool.query(`INSERT INTO "UserAsset" ("userId", "assetId") VALUES ($1, $2)`, [userId, assetId]);
  return { userId, assetId, companyId };
}

const CITIES = ['Dubai', 'Abu Dhabi', 'Sharjah'];
const COMMUNITIES = ['Dubai Marina', 'Downtown Dubai', 'Jumeirah Village Circle', 'Business Bay', 'Arabian Ranches'];

function csvOf(rows: number, priceBump: number): string {
  const lines = ['Reference,Title,Purpose,Unit Type,Status,Price,Size (sq ft),Bedrooms,Bathrooms,City,Community,Amenities,Enabled'];
  for (let i = 0; i < rows; i += 1) {
    const rent = i % 4 === 0;
    lines.push(
      [
        `BENCH-${String(i).padStart(6, '0')}`,
        `"${(i % 5) + 1} bedroom ${rent ? 'apartment for rent' : 'apartment for sale'}, ${COMMUNITIES[i % COMMUNITIES.length]}"`,
        rent ? 'Rent' : 'Sale',
        'Apartment',
        'Published',
        String((rent ? 80_000 : 900_000) + (i % 997) * 1000 + priceBump),
        String(600 + (i % 2000)),
        String((i % 5) + 1),
        String((i % 4) + 1),
        CITIES[i % CITIES.length],
        COMMUNITIES[i % COMMUNITIES.length],
        '"Balcony, Shared Gym"',
        'Yes',
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

interface Run {
  seconds: number;
  startMb: number;
  peakMb: number;
  created: number;
  updated: number;
  failed: number;
}

async function importOnce(server: ServerProcess, csv: string): Promise<Run> {
  await resetPeakMemory(server.pid);
  const startMb = memoryMb(server.pid, 'VmRSS');
  const started = performance.now();
  const body = new FormData();
  body.append('file', new Blob([csv], { type: 'text/csv' }), 'listings.csv');
  const res = await fetch(`${server.address}/api/properties/listings/import`, { method: 'POST', headers: server.headers, body });
  const queued = (await res.json()) as { data?: { _id: string } };
  if (res.status !== 202 || !queued.data) throw new Error(`import refused: ${res.status} ${JSON.stringify(queued)}`);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const poll = await fetch(`${server.address}/api/properties/listings/import/${queued.data._id}`, { headers: server.headers });
    const job = ((await poll.json()) as { data: { status: string; created: number; updated: number; failed: number; errors: unknown[] } })
      .data;
    if (job.status === 'failed') throw new Error(`import failed: ${JSON.stringify(job)}`);
    if (job.status === 'completed') {
      return {
        seconds: (performance.now() - started) / 1000,
        startMb,
        peakMb: memoryMb(server.pid, 'VmHWM'),
        created: job.created,
        updated: job.updated,
        failed: job.failed,
      };
    }
  }
}

/** The floor: one single-row INSERT transaction per listing through `pg` (no checks, hooks or log). */
async function baseline(pool: pg.Pool, companyId: string, assetId: string): Promise<number> {
  const client = await pool.connect();
  const started = performance.now();
  try {
    for (let i = 0; i < ROWS; i += 1) {
      await client.query('BEGIN');
      await client.query(
        `INSERT INTO "Listing" (id, "companyId", "assetId", reference, "leadType", status, price, "updatedAt") VALUES ($1, $2, $3, $4, 'Sale', 'Published', $5, now())`,
        [randomUUID(), companyId, assetId, `BASE-${i}`, 900_000 + i],
      );
      await client.query('COMMIT');
    }
  } finally {
    client.release();
  }
  return (performance.now() - started) / 1000;
}

const verdict = (run: Run) =>
  `${run.seconds < TARGET_SECONDS ? 'within' : 'OVER'} ${TARGET_SECONDS} s, ${run.peakMb < TARGET_MB ? 'within' : 'OVER'} ${TARGET_MB} MB`;

export async function benchListingsImport(database: BenchDatabase, print: (line: string) => void): Promise<void> {
  const { userId, assetId, companyId } = await seedUser(database.pool);
  const storageDir = await mkdtemp(path.join(tmpdir(), 'crm-bench-import-'));
  buildServer();
  const server = await startServerProcess(database.url, userId, { env: { STORAGE_DIR: storageDir } });
  try {
    const first = await importOnce(server, csvOf(ROWS, 0));
    print(
      `import of ${ROWS} new listings: ${first.seconds.toFixed(1)} s (${Math.round(ROWS / first.seconds)} rows/s), peak RSS ${first.peakMb.toFixed(0)} MB (${first.startMb.toFixed(0)} MB at its start); created ${first.created}, updated ${first.updated}, failed ${first.failed} (${verdict(first)})`,
    );
    const again = await importOnce(server, csvOf(ROWS, 5000));
    print(
      `the same file again (every row an update): ${again.seconds.toFixed(1)} s, peak RSS ${again.peakMb.toFixed(0)} MB (${again.startMb.toFixed(0)} MB at its start); created ${again.created}, updated ${again.updated}, failed ${again.failed} (${verdict(again)})`,
    );
  } finally {
    await server.stop();
    await rm(storageDir, { recursive: true, force: true });
  }
  const floor = await baseline(database.pool, companyId, assetId);
  print(`baseline: ${ROWS} single-row INSERT transactions through pg: ${floor.toFixed(1)} s`);
}
