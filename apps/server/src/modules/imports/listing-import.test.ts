import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IMPORT_JOB_KIND,
  IMPORT_MESSAGES,
  ImportJobSchema,
  LISTING_MESSAGES,
  MESSAGES,
  PERMISSIONS as P,
  SYNDICATION_MESSAGES,
} from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createWorld, restAs, type Caller, type ResourceWorld } from '../../resources/resource-test-kit.js';
import { runImport } from './import-run.js';
import { IMPORT_JOB_ID } from './import.job.js';
import { csvOf, importAs } from './import-test-kit.js';

// Listings from a CSV or XLSX file over real PostgreSQL and Redis: the headers and suggested mapping, the dry run
// (bad rows with their reasons, nothing stored), the background run (good rows stored through the write path with
// their activity log, bad ones reported) and a rerun that updates by reference instead of duplicating.

let ctx: TestContext;
let world: ResourceWorld;
let agent: Caller;
let storageDir: string;

beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), 'crm-import-'));
  ctx = await createTestApp({ envOverrides: { STORAGE_DIR: storageDir } });
  world = await createWorld(ctx);
  agent = await world.user([P.LISTINGS_VIEW]);
});
afterAll(async () => {
  await ctx.close();
  await rm(storageDir, { recursive: true, force: true });
});

const HEADERS = ['Reference', 'purpose', 'Price', 'Bedrooms', 'City', 'Rent Frequency', 'Amenities', 'Notes'];
const rows = (price: number) => [
  HEADERS,
  ['IMP-1', 'sale', `${price}`, '2', 'Dubai', '', 'shared gym, Balcony', 'ignored'],
  ['IMP-2', 'Rent', '120,000', '1', 'Dubai', 'Monthly', '', ''],
  ['IMP-3', 'Lease', '900000', '3', 'Dubai', '', '', ''],
  ['IMP-4', 'Sale', 'abc', 'two', 'Dubai', '', '', ''],
  ['', 'Sale', '100', '1', 'Dubai', '', '', ''],
  ['IMP-1', 'Sale', '100', '1', 'Dubai', '', '', ''],
  ['IMP-5', 'Sale', '100', '1', 'Dubai', 'Yearly', '', ''],
  ['IMP-6', 'Sale', '', '', 'Abu Dhabi', '', '', ''],
];
const file = (price = 1_500_000) => ({ name: 'listings.csv', data: csvOf(rows(price)) });

const listingCount = () => ctx.db.listing.count({ where: { assetId: world.assetA.id, reference: { startsWith: 'IMP-' } } });

describe('listing import', () => {
  it('reads the headers and suggests a mapping by label or field, ignoring case', async () => {
    const res = await importAs(ctx, agent, 'properties/listings').preview(file());
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json().data;
    expect(preview).toMatchObject({ format: 'csv', headers: HEADERS, rows: 8 });
    expect(preview.mapping).toEqual({
      Reference: 'reference',
      purpose: 'leadType',
      Price: 'price',
      Bedrooms: 'bedrooms',
      City: 'city',
      'Rent Frequency': 'rentFrequency',
      Amenities: 'amenities',
      Notes: null,
    });
    expect(preview.sample[0]).toEqual(rows(1_500_000)[1]);
  });

  it('dry run: every bad row with its row number, field and message; nothing stored', async () => {
    const res = await importAs(ctx, agent, 'properties/listings').dryRun(file());
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data;
    expect(report).toMatchObject({ total: 8, valid: 3, invalid: 5, creates: 3, updates: 0 });
    expect(report.errors).toEqual([
      { row: 4, field: 'leadType', message: 'Purpose is invalid.' },
      { row: 5, field: 'price', message: IMPORT_MESSAGES.notANumber('Price') },
      { row: 5, field: 'bedrooms', message: IMPORT_MESSAGES.notANumber('Bedrooms') },
      { row: 6, field: 'reference', message: 'Reference is required.' },
      { row: 7, field: 'reference', message: IMPORT_MESSAGES.duplicateInFile('Reference', 2) },
      { row: 8, field: 'rentFrequency', message: LISTING_MESSAGES.rentFrequencyOnlyForRent },
    ]);
    expect(await listingCount()).toBe(0);
  });

  it('runs in the background: good rows stored through the write path, bad ones reported; a rerun updates', async () => {
    const api = importAs(ctx, agent, 'properties/listings');
    const queued = await api.start(file());
    expect(queued.statusCode, queued.body).toBe(202);
    const job = ImportJobSchema.parse(queued.json().data);
    expect(job).toMatchObject({ kind: 'listings', status: 'queued', total: 8, processed: 0, fileName: 'listings.csv' });
    const waiting = await ctx.app.deps.jobs.queue(IMPORT_JOB_ID).getJob(`import-${job._id}`);
    expect(waiting?.data).toEqual({ jobRunId: job._id });
    await ctx.app.deps.jobs.queue(IMPORT_JOB_ID).obliterate({ force: true });

    await runImport(ctx.app.deps, job._id, { attempt: 1, attempts: 3 });
    const done = ImportJobSchema.parse((await api.status(job._id)).json().data);
    expect(done).toMatchObject({ status: 'completed', total: 8, processed: 8, created: 3, updated: 0, failed: 5 });
    expect(done.errors.map((error) => error.row)).toEqual([4, 5, 5, 6, 7, 8]);

    const stored = await ctx.db.listing.findMany({
      where: { assetId: world.assetA.id, reference: { startsWith: 'IMP-' } },
      orderBy: { reference: 'asc' },
    });
    expect(stored.map((l) => [l.reference, l.leadType, l.price === null ? null : Number(l.price), l.bedrooms])).toEqual([
      ['IMP-1', 'Sale', 1_500_000, 2],
      ['IMP-2', 'Rent', 120_000, 1],
      ['IMP-6', 'Sale', null, null],
    ]);
    // The write hooks ran: a rent's frequency kept, a sale's dropped; the amenities matched to the known values.
    expect(stored[1]?.rentFrequency).toBe('Monthly');
    expect(stored[0]?.amenities).toEqual(['Shared Gym', 'Balcony']);
    // The activity log has one create per stored row, by the caller.
    const logged = await ctx.db.activityLog.count({
      where: { subjectType: 'listings', action: 'create', userId: agent.userId, subjectId: { in: stored.map((l) => l.id) } },
    });
    expect(logged).toBe(3);

    // The same file again, with a new price: updates by reference, no duplicates.
    const rerun = ImportJobSchema.parse(await api.run(file(1_750_000)));
    expect(rerun).toMatchObject({ status: 'completed', created: 0, updated: 3, failed: 5 });
    expect(await listingCount()).toBe(3);
    const updated = await ctx.db.listing.findFirstOrThrow({ where: { assetId: world.assetA.id, reference: 'IMP-1' } });
    expect(Number(updated.price)).toBe(1_750_000);
    expect(await ctx.db.activityLog.count({ where: { subjectType: 'listings', action: 'update', subjectId: updated.id } })).toBe(1);
    const run = await ctx.db.jobRun.findUniqueOrThrow({ where: { id: job._id } });
    expect(run.kind).toBe(IMPORT_JOB_KIND);
  });

  it('reads XLSX files, with an explicit mapping', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Listings');
    sheet.addRow(['Ref', 'Type', 'Asking', 'Permit', 'Permit until']);
    sheet.addRow(['IMPX-1', 'Sale', 2_000_000, 'P-77', new Date(Date.UTC(2030, 0, 15))]);
    sheet.addRow(['IMPX-2', 'Sale', 1_000_000, 'P-78', '']);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    const mapping = { Ref: 'reference', Type: 'leadType', Asking: 'price', Permit: 'permitNumber', 'Permit until': 'permitExpiresAt' };
    const api = importAs(ctx, agent, 'properties/listings');
    const report = (await api.dryRun({ name: 'listings.xlsx', data }, mapping)).json().data;
    expect(report).toMatchObject({ total: 2, valid: 1, invalid: 1 });
    expect(report.errors).toEqual([{ row: 3, field: 'permitExpiresAt', message: LISTING_MESSAGES.permitExpiryRequired }]);
    const done = await api.run({ name: 'listings.xlsx', data }, mapping);
    expect(done).toMatchObject({ status: 'completed', created: 1, failed: 1 });
    const stored = await ctx.db.listing.findFirstOrThrow({ where: { assetId: world.assetA.id, reference: 'IMPX-1' } });
    expect(stored.permitExpiresAt?.toISOString()).toBe('2030-01-15T00:00:00.000Z');
  });

  it('refuses a file that is not CSV/XLSX, one over 10 MB, a bad mapping, and callers without the create permission', async () => {
    const api = importAs(ctx, agent, 'properties/listings');
    const pdf = await api.preview({ name: 'listings.pdf', data: Buffer.from('%PDF-1.4 not a sheet') });
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().message).toBe(IMPORT_MESSAGES.fileType);
    const big = await api.preview({ name: 'listings.csv', data: Buffer.alloc(10 * 1024 * 1024 + 10, 'a') });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe(IMPORT_MESSAGES.fileTooLarge);
    const unmapped = await api.dryRun(file(), { Reference: null, City: 'city' });
    expect(unmapped.statusCode).toBe(400);
    expect(unmapped.json().message).toBe(IMPORT_MESSAGES.keyNotMapped('Reference'));

    const reader = await world.user([P.LEAD_ADD]);
    expect((await importAs(ctx, reader, 'properties/listings').preview(file())).statusCode).toBe(403);
    expect((await importAs(ctx, reader, 'properties/listings').template('csv')).statusCode).toBe(403);
  });

  it('serves the template with the importable columns by label (CSV and XLSX)', async () => {
    const api = importAs(ctx, agent, 'properties/listings');
    const csv = await api.template('csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const header = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(',');
    expect(header.slice(0, 3)).toEqual(['Reference', 'Title', 'Purpose']);
    const xlsx = await api.template('xlsx');
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]?.getRow(1).values).toEqual([undefined, ...header]);
  });

  it('keeps writing after rows the write refuses, stores none of them, and drops the cached totals', async () => {
    const listTotal = async () => {
      const res = await restAs(ctx, agent).get('properties/listings');
      expect(res.statusCode, res.body).toBe(200);
      return res.json().meta.total as number;
    };
    const before = await listTotal();
    // Published to Bayut without a permit passes the file's checks but not the write's (the listing's own rule).
    const refused = new Set([3, 9]);
    const cells = Array.from({ length: 12 }, (_, i) => [`IMPW-${i}`, 'Sale', '1000000', 'Published', refused.has(i) ? 'Bayut' : '']);
    const done = await importAs(ctx, agent, 'properties/listings').run({
      name: 'listings.csv',
      data: csvOf([['Reference', 'Purpose', 'Price', 'Status', 'Portals'], ...cells]),
    });
    expect(done).toMatchObject({ status: 'completed', processed: 12, created: 10, updated: 0, failed: 2 });
    const message = SYNDICATION_MESSAGES.permitNeeded(['Bayut']);
    expect(done.errors).toEqual([
      { row: 5, field: 'portals', message },
      { row: 11, field: 'portals', message },
    ]);
    const stored = await ctx.db.listing.findMany({ where: { assetId: world.assetA.id, reference: { startsWith: 'IMPW-' } } });
    expect(stored.map((l) => l.reference).sort()).toEqual(cells.flatMap(([reference], i) => (refused.has(i) ? [] : [reference])).sort());
    expect(await ctx.db.activityLog.count({ where: { subjectType: 'listings', subjectId: { in: stored.map((l) => l.id) } } })).toBe(10);
    // The total cached before the run is not answered after it.
    expect(await listTotal()).toBe(before + 10);
  });

  it("checks each row against the asset's custom field definitions", async () => {
    const definition = await ctx.db.customFieldDefinition.create({
      data: {
        companyId: world.company.id,
        assetId: world.assetA.id,
        kind: 'listing',
        key: 'handover',
        label: 'Handover',
        type: 'text',
        required: true,
      },
    });
    try {
      const done = await importAs(ctx, agent, 'properties/listings').run({
        name: 'listings.csv',
        data: csvOf([
          ['Reference', 'Purpose'],
          ['IMPC-1', 'Sale'],
          ['IMPC-2', 'Rent'],
        ]),
      });
      expect(done).toMatchObject({ status: 'completed', created: 0, failed: 2 });
      expect(done.errors).toEqual([
        { row: 2, field: 'customFields.handover', message: MESSAGES.customField.required('Handover') },
        { row: 3, field: 'customFields.handover', message: MESSAGES.customField.required('Handover') },
      ]);
      expect(await ctx.db.listing.count({ where: { assetId: world.assetA.id, reference: { startsWith: 'IMPC-' } } })).toBe(0);
    } finally {
      await ctx.db.customFieldDefinition.delete({ where: { id: definition.id } });
    }
  });

  it('two runs of the same file at once: each row created once, by one of them, and updated by the other', async () => {
    const api = importAs(ctx, agent, 'properties/listings');
    const data = csvOf([['Reference', 'Purpose', 'Price'], ...Array.from({ length: 60 }, (_, i) => [`IMPT-${i}`, 'Sale', `${1000 + i}`])]);
    const ids: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const queued = await api.start({ name: 'listings.csv', data });
      expect(queued.statusCode, queued.body).toBe(202);
      ids.push(queued.json().data._id);
    }
    await ctx.app.deps.jobs.queue(IMPORT_JOB_ID).obliterate({ force: true });
    await Promise.all(ids.map((id) => runImport(ctx.app.deps, id, { attempt: 1, attempts: 3 })));
    const runs = await Promise.all(ids.map(async (id) => ImportJobSchema.parse((await api.status(id)).json().data)));
    expect(runs.map((run) => run.failed)).toEqual([0, 0]);
    expect(runs.reduce((sum, run) => sum + run.created, 0)).toBe(60);
    expect(runs.reduce((sum, run) => sum + run.updated, 0)).toBe(60);
    expect(await ctx.db.listing.count({ where: { assetId: world.assetA.id, reference: { startsWith: 'IMPT-' } } })).toBe(60);
  });
});
