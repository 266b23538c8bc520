import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_ENGINE_MESSAGES, LEAD_EXPORT_JOB_KIND, LEAD_EXPORT_JOBS_PER_USER, LEADS_REPORT_COLUMNS } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { LEAD_EXPORT_FILE_CATEGORY, runLeadExportJob } from './lead-export-job.service.js';
import { LEAD_EXPORT_JOB_ID } from './lead-export.job.js';
import { insertLeads, parseCsv } from './lead-export-test-kit.js';
import { createLeadWorld, type LeadWorld } from './lead-test-kit.js';

// The background export of a whole filtered report: queued as a JobRun, written in chunks into storage with
// its progress visible, downloadable by the job's asset only, and safe when BullMQ delivers it twice.

const ROWS = 12_000;
let ctx: TestContext;
let world: LeadWorld;
let other: LeadWorld;
let headers: Record<string, string>;
let storageDir: string;

const api = (method: 'GET' | 'POST', url: string, payload?: unknown, as: Record<string, string> = headers) =>
  ctx.app.inject({
    method,
    url: `/api/properties/leads/${url}`,
    headers: as,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const run = (id: string) => runLeadExportJob(ctx.app.deps, id, { attempt: 1, attempts: 3 });

async function queue(body: Record<string, unknown>): Promise<{ _id: string; status: string }> {
  const res = await api('POST', 'export-jobs', body);
  expect(res.statusCode, res.body).toBe(202);
  return res.json().data;
}

beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), 'crm-lead-export-'));
  ctx = await createTestApp({ envOverrides: { STORAGE_DIR: storageDir } });
  world = await createLeadWorld(ctx);
  headers = { ...(await world.manager.headers()), 'x-timezone': 'Asia/Dubai' };
  await insertLeads(ctx, world, ROWS);
  other = await createLeadWorld(ctx, { assetName: 'Elsewhere' });
  await insertLeads(ctx, other, 10, { prefix: 'OTHER' });
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await rm(storageDir, { recursive: true, force: true });
});

describe('export jobs', () => {
  it('queues a job (202), writes 12,000 rows in chunks with visible progress, and serves the file', async () => {
    const queued = await queue({ filter: { query: {}, page: 3, limit: 20 }, format: 'csv' });
    expect(queued).toMatchObject({ kind: LEAD_EXPORT_JOB_KIND, status: 'queued', progress: 0, total: null, format: 'csv', url: null });
    const waiting = await ctx.app.deps.jobs.queue(LEAD_EXPORT_JOB_ID).getJob(`lead-export-${queued._id}`);
    expect(waiting?.data).toEqual({ jobRunId: queued._id });

    // Progress as the job goes: sampled while it runs.
    const seen = new Set<number>();
    let running = true;
    const sampler = (async () => {
      while (running) {
        const row = await ctx.db.jobRun.findUnique({ where: { id: queued._id } });
        if (row) seen.add(row.progress);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    expect(await run(queued._id)).toEqual({ rows: ROWS });
    running = false;
    await sampler;
    expect([...seen].some((p) => p > 0 && p < 100)).toBe(true);

    const status = await api('GET', `export-jobs/${queued._id}`);
    expect(status.json().data).toMatchObject({
      status: 'completed',
      progress: 100,
      total: ROWS,
      error: null,
      url: `/api/properties/leads/export-jobs/${queued._id}/download`,
    });
    const file = await api('GET', `export-jobs/${queued._id}/download`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="leads-.*\.csv"$/);
    const rows = parseCsv(file.body);
    expect(rows[0]).toEqual(LEADS_REPORT_COLUMNS.map((c) => c.title));
    // The whole report, not the list's page 3.
    expect(rows).toHaveLength(ROWS + 1);
    const expected = await ctx.db.lead.findMany({
      where: { assetId: world.asset.id },
      orderBy: [{ dataSourceCreatedAt: 'desc' }, { id: 'desc' }],
      select: { leadID: true },
    });
    expect(rows.slice(1).map((r) => r[2])).toEqual(expected.map((l) => l.leadID));
    const stored = await ctx.db.storedFile.findMany({ where: { assetId: world.asset.id, category: LEAD_EXPORT_FILE_CATEGORY } });
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ isHidden: true, size: file.rawPayload.length });
  });

  it('is safe to run twice, at once and again later: one file, whole', async () => {
    const queued = await queue({ filter: { query: { status: 'Open' } } });
    const results = await Promise.all([run(queued._id), run(queued._id)]);
    // Both deliveries wrote a file; only the first to finish kept it.
    expect(results.filter((r) => r.rows === 8000)).toHaveLength(1);
    expect(results.filter((r) => r.skipped)).toHaveLength(1);
    expect(await run(queued._id)).toEqual({ skipped: true });
    expect((await api('GET', `export-jobs/${queued._id}`)).json().data).toMatchObject({ status: 'completed', progress: 100, total: 8000 });
    const files = await ctx.db.storedFile.findMany({ where: { url: `/api/properties/leads/export-jobs/${queued._id}/download` } });
    expect(files).toHaveLength(1);
    const onDisk = (await readdir(join(storageDir, world.asset.id, 'exports'))).filter((name) => name.startsWith(queued._id));
    expect(onDisk).toEqual([files[0]?.storageKey.split('/').at(-1)]);
    const rows = parseCsv((await api('GET', `export-jobs/${queued._id}/download`)).body).slice(1);
    expect(rows).toHaveLength(8000);
    expect(new Set(rows.map((r) => r[2])).size).toBe(8000);
    expect(rows.every((r) => r[7] === 'Open')).toBe(true);
  });

  it('writes XLSX, and ends failed with "Data is empty" when nothing matches', async () => {
    const xlsx = await queue({ filter: { query: { stage: 'Offer', status: 'Closed' } }, format: 'xlsx' });
    await run(xlsx._id);
    const download = await api('GET', `export-jobs/${xlsx._id}/download`);
    expect(download.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
    // i % 4 === 3 (Offer) and i % 3 === 0 (Closed): i % 12 === 3.
    expect(workbook.worksheets[0]?.rowCount).toBe(ROWS / 12 + 1);

    const empty = await queue({ filter: { query: { leadID: 'none' } } });
    await run(empty._id);
    expect((await api('GET', `export-jobs/${empty._id}`)).json().data).toMatchObject({
      status: 'failed',
      error: 'Data is empty',
      url: null,
    });
    expect((await api('GET', `export-jobs/${empty._id}/download`)).statusCode).toBe(409);
  });

  it("answers 404 for another asset's job, and refuses a bad filter before queueing", async () => {
    const queued = await queue({ filter: {} });
    await run(queued._id);
    const stranger = await other.manager.headers();
    for (const url of [`export-jobs/${queued._id}`, `export-jobs/${queued._id}/download`, 'export-jobs/not-a-uuid']) {
      const res = await api('GET', url, undefined, stranger);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Job not found' });
    }
    const before = await ctx.db.jobRun.count();
    expect((await api('POST', 'export-jobs', { filter: { query: { nope: 1 } } })).statusCode).toBe(400);
    expect((await api('POST', 'export-jobs', { filter: {}, extra: true })).statusCode).toBe(400);
    // The filter object is the leads' typed filter: its problems are named, not a bare 'Invalid input'.
    const badSelect = await api('POST', 'export-jobs', { filter: { select: ['password'], page: 'x' } });
    expect(badSelect.statusCode).toBe(400);
    expect(Object.keys(badSelect.json().data).sort()).toEqual(['filter.page', 'filter.select.0']);
    expect(await ctx.db.jobRun.count()).toBe(before);
  });

  it('has a tRPC door onto the same services', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/trpc/leads.exportJobCreate',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ filter: { query: { stage: 'New' } }, format: 'csv' }),
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().result.data.data._id as string;
    await run(id);
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/trpc/leads.exportJob?input=${encodeURIComponent(JSON.stringify({ id }))}`,
      headers,
    });
    expect(read.json().result.data.data).toMatchObject({ _id: id, status: 'completed', total: ROWS / 4, progress: 100 });
  });
});

describe('export jobs on a BullMQ worker', () => {
  it('runs a queued export to completion', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'crm-lead-export-worker-'));
    const workerCtx = await createTestApp({ envOverrides: { RUN_WORKERS: 'true', STORAGE_DIR: dir, JOBS_CLOSE_TIMEOUT_MS: '500' } });
    try {
      const w = await createLeadWorld(workerCtx);
      await insertLeads(workerCtx, w, 300);
      const auth = await w.manager.headers();
      const res = await workerCtx.app.inject({ method: 'POST', url: '/api/properties/leads/export-jobs', headers: auth, payload: {} });
      expect(res.statusCode, res.body).toBe(202);
      const id = res.json().data._id as string;
      let job = res.json().data as { status: string; total: number | null };
      for (let i = 0; i < 150 && job.status !== 'completed'; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        job = (await workerCtx.app.inject({ method: 'GET', url: `/api/properties/leads/export-jobs/${id}`, headers: auth })).json().data;
      }
      expect(job).toMatchObject({ status: 'completed', total: 300, progress: 100 });
    } finally {
      await workerCtx.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('keeps each user to a fair share: a third waiting export is refused until one finishes', async () => {
    const agentHeaders = { ...(await world.agents[0].headers()), 'x-timezone': 'Asia/Dubai' };
    const ask = () => api('POST', 'export-jobs', { filter: { query: { status: 'Closed' } }, format: 'csv' }, agentHeaders);
    const first = await ask();
    const second = await ask();
    expect([first.statusCode, second.statusCode]).toEqual([202, 202]);
    const third = await ask();
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
    expect(third.json()).toMatchObject({ code: 'RATE_LIMITED', message: LEAD_ENGINE_MESSAGES.tooManyExports(LEAD_EXPORT_JOBS_PER_USER) });
    // The manager's own exports are not held back by the agent's.
    expect((await api('POST', 'export-jobs', { filter: { query: {} }, format: 'csv' })).statusCode).toBe(202);
    await run(first.json().data._id);
    expect((await ask()).statusCode).toBe(202);
  });
});
