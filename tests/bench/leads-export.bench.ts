import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { SeededAsset } from './lib/leads-seed.js';
import { buildServer, memoryMb, resetPeakMemory, startServerProcess, type ServerProcess } from './lib/server-process.js';

// The Leads exports over the big asset: 100,000 rows as CSV through GET export, and as CSV and XLSX through the
// background export job (written into storage), each with its time and the server's peak resident memory. The
// server is the built product in a process of its own (lib/server-process.ts), so its memory is measured alone
// (VmHWM, reset before each export). The baseline is PostgreSQL's own `COPY (same columns and joins) TO STDOUT`.

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
/** 10 s for the 100,000 rows the target was set for, in proportion for BENCH_EXPORT_ROWS. */
const TARGET_SECONDS = (10 * Math.max(ROWS, 100_000)) / 100_000;
/**
 * BENCH_EXPORT_HEAP_CAP_MB: a second run of the same exports with another old-generation limit than serve.sh's
 * 512 MB (0, the default: none), to see how much of the peak is garbage.
 */
const HEAP_CAP_MB = Number(process.env.BENCH_EXPORT_HEAP_CAP_MB ?? 0);
const TARGET_MB = 300;
/** The CSV download's rows per second against COPY's of the same rows and columns. */
const SPEED_TARGET = 0.3;
const XLSX_JOB_MAX_ROWS = 100_000;

const COPY_SQL = (assetId: string, since: string) => `
  COPY (
    SELECT l."dataSourceCreatedAt", l."sourceDataId", l."leadID", l."contactType", l.source, l."sourceChannel", l.location, l.status, l.stage,
           a.name, COALESCE(l."officeName", a."officeName"), m.name, l."projectId" IS NOT NULL, COALESCE(p.name, li.reference), p."campaignName",
           d.name, l."initialSlaEndDate", l."freePoolSlaEndDate", l."isAccepted", l."isClaimedFromPool", l."isContacted", r.rating, l."creatorName", l."updatedByName"
    FROM "Lead" l
    LEFT JOIN "TeamMember" a ON a.id = l."agentId"
    LEFT JOIN "TeamMember" m ON m.id = a."reportedToId"
    LEFT JOIN "Listing" li ON li.id = l."listingId"
    LEFT JOIN "Project" p ON p.id = l."projectId"
    LEFT JOIN "Developer" d ON d.id = p."developerId"
    LEFT JOIN "LeadReview" r ON r."leadId" = l.id
    WHERE l."assetId" = '${assetId}' AND l."deletedAt" IS NULL AND l."dataSourceCreatedAt" >= '${since}'
    ORDER BY l."dataSourceCreatedAt" DESC, l.id DESC
  ) TO STDOUT (FORMAT csv, HEADER)`;

interface Measured {
  seconds: number;
  rows: number;
  bytes: number;
  /** RSS when the work started, its peak, and for a job the peaks while its file is written and then served. */
  fromMb: number;
  peakMb: number;
  writingPeakMb?: number;
  servingPeakMb?: number;
}

/** Runs `work` while the server's peak RSS is tracked; `rows` and `bytes` are what the work reports. */
async function measure(
  server: ServerProcess,
  work: (phase: () => Promise<void>) => Promise<{ rows: number; bytes: number }>,
): Promise<Measured> {
  const pid = server.pid;
  await resetPeakMemory(pid);
  const fromMb = memoryMb(pid, 'VmRSS');
  const started = performance.now();
  // A job's work has two parts (writing the file, then serving it): the peak of each is reported.
  let writingPeakMb: number | undefined;
  const { rows, bytes } = await work(async () => {
    writingPeakMb = memoryMb(pid, 'VmHWM');
    await resetPeakMemory(pid);
  });
  const lastPeakMb = memoryMb(pid, 'VmHWM');
  return {
    seconds: (performance.now() - started) / 1000,
    rows,
    bytes,
    fromMb,
    peakMb: Math.max(writingPeakMb ?? 0, lastPeakMb),
    ...(writingPeakMb === undefined ? {} : { writingPeakMb, servingPeakMb: lastPeakMb }),
  };
}

async function download(server: ServerProcess, url: string): Promise<{ rows: number; bytes: number }> {
  const res = await fetch(`${server.address}${url}`, { headers: server.headers });
  if (!res.ok || !res.body) throw new Error(`export failed: ${res.status} ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
  }
  return { rows: lines - 1, bytes };
}

async function exportJob(
  server: ServerProcess,
  body: Record<string, unknown>,
  written: () => Promise<void>,
): Promise<{ rows: number; bytes: number }> {
  const res = await fetch(`${server.address}/api/properties/leads/export-jobs`, {
    method: 'POST',
    headers: { ...server.headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const created = (await res.json()) as { data?: { _id: string } };
  if (res.status !== 202 || !created.data) throw new Error(`export job refused: ${res.status} ${JSON.stringify(created)}`);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const poll = await fetch(`${server.address}/api/properties/leads/export-jobs/${created.data._id}`, { headers: server.headers });
    const job = ((await poll.json()) as { data: { status: string; total: number | null; error: string | null; url: string | null } }).data;
    if (job.status === 'failed') throw new Error(`export job failed: ${job.error}`);
    if (job.status === 'completed' && job.url) {
      await written();
      const file = await fetch(`${server.address}${job.url}`, { headers: server.headers });
      const bytes = (await file.arrayBuffer()).byteLength;
      return { rows: job.total ?? 0, bytes };
    }
  }
}

async function copyBaseline(pool: pg.Pool, assetId: string, since: string): Promise<{ seconds: number; bytes: number; rows: number }> {
  const client = await pool.connect();
  try {
    let bytes = 0;
    let lines = 0;
    const started = performance.now();
    await pipeline(
      client.query(copyTo(COPY_SQL(assetId, since))),
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          for (const b of chunk) if (b === 10) lines++;
          done();
        },
      }),
    );
    return { seconds: (performance.now() - started) / 1000, bytes, rows: lines - 1 };
  } finally {
    client.release();
  }
}

const verdict = (ok: boolean) => (ok ? 'within target' : 'OVER target');

function line(label: string, m: Measured): string {
  const rate = Math.round(m.rows / m.seconds);
  return `${label.padEnd(34)} ${m.rows} rows in ${m.seconds.toFixed(2)} s (${rate} rows/s, ${(m.bytes / 1048576).toFixed(1)} MB), server RSS ${m.fromMb.toFixed(0)} MB before, peak ${m.peakMb.toFixed(0)} MB${
    m.writingPeakMb === undefined ? '' : ` (writing ${m.writingPeakMb.toFixed(0)}, serving ${m.servingPeakMb?.toFixed(0)})`
  }  [< ${TARGET_SECONDS} s: ${verdict(m.seconds < TARGET_SECONDS)}; < ${TARGET_MB} MB: ${verdict(m.peakMb < TARGET_MB)}]`;
}

async function exportsOnce(
  pool: pg.Pool,
  databaseUrl: string,
  userId: string,
  assetId: string,
  since: string,
  nodeFlags: string[],
): Promise<string[]> {
  const storageDir = await mkdtemp(path.join(tmpdir(), 'crm-bench-storage-'));
  const server = await startServerProcess(databaseUrl, userId, { env: { STORAGE_DIR: storageDir }, nodeFlags });
  const lines: string[] = [];
  try {
    lines.push(
      `server: apps/server/bin/serve.sh ${nodeFlags.join(' ')}; RSS before the exports ${memoryMb(server.pid, 'VmRSS').toFixed(0)} MB`,
    );
    const copy = await copyBaseline(pool, assetId, since);
    const copyRate = copy.rows / copy.seconds;
    lines.push(
      `${'COPY ... TO STDOUT (baseline)'.padEnd(34)} ${copy.rows} rows in ${copy.seconds.toFixed(2)} s (${Math.round(copyRate)} rows/s, ${(copy.bytes / 1048576).toFixed(1)} MB)`,
    );

    const query = encodeURIComponent(JSON.stringify({ limit: ROWS + 10 }));
    const csv = await measure(server, () =>
      download(server, `/api/properties/leads/export?filter=${query}&from=${encodeURIComponent(since)}`),
    );
    lines.push(line('GET export, CSV', csv));
    const ratio = csv.rows / csv.seconds / copyRate;
    lines.push(`${''.padEnd(34)} CSV speed ${ratio.toFixed(2)} of COPY (target >= ${SPEED_TARGET}: ${verdict(ratio >= SPEED_TARGET)})`);

    const range = { filter: { query: { dataSourceCreatedAt: { $gte: since } } } };
    lines.push(
      line('export job, CSV (into storage)', await measure(server, (phase) => exportJob(server, { ...range, format: 'csv' }, phase))),
    );
    // An XLSX job holds at most 100,000 rows (LEAD_EXPORT_JOB_XLSX_MAX_ROWS): larger exports are CSV.
    if (ROWS <= XLSX_JOB_MAX_ROWS)
      lines.push(
        line('export job, XLSX (into storage)', await measure(server, (phase) => exportJob(server, { ...range, format: 'xlsx' }, phase))),
      );
    else lines.push(`${'export job, XLSX'.padEnd(34)} skipped: more than the ${XLSX_JOB_MAX_ROWS} rows an XLSX job holds`);
  } finally {
    await server.stop();
    await rm(storageDir, { recursive: true, force: true });
  }
  return lines;
}

export async function benchLeadsExport(pool: pg.Pool, databaseUrl: string, userId: string, asset: SeededAsset): Promise<string[]> {
  // The created date of the ROWS-th newest lead: `from` that instant selects ROWS leads (ties may add one or two).
  const edge = await pool.query<{ at: Date }>(
    `SELECT "dataSourceCreatedAt" AS at FROM "Lead" WHERE "assetId" = $1 AND "deletedAt" IS NULL ORDER BY "dataSourceCreatedAt" DESC, id DESC OFFSET $2 LIMIT 1`,
    [asset.id, ROWS - 1],
  );
  const since = edge.rows[0]?.at.toISOString();
  if (!since) return [`export: skipped, the asset has fewer than ${ROWS} leads`];
  buildServer();
  const lines = await exportsOnce(pool, databaseUrl, userId, asset.id, since, []);
  if (HEAP_CAP_MB > 0) {
    lines.push(`the same with --max-old-space-size=${HEAP_CAP_MB} (in place of serve.sh's 512):`);
    lines.push(...(await exportsOnce(pool, databaseUrl, userId, asset.id, since, [`--max-old-space-size=${HEAP_CAP_MB}`])));
  }
  return lines;
}
