import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEADS_REPORT_COLUMNS } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { runLeadExportJob } from './lead-export-job.service.js';
import { insertLeads, parseCsv } from './lead-export-test-kit.js';
import { createLeadWorld, type LeadWorld } from './lead-test-kit.js';

// The asset's lead custom fields in the Leads exports (the download and the background job): one column per enabled
// field after the report's columns, its label as the header, written as the generic exports write them; left out
// when the filter's `select` does not name `customFields`; the export filters by them like the list.

const REPORT = LEADS_REPORT_COLUMNS.map((c) => c.title);
const CUSTOM = ['Budget Source', 'Budget', 'Cash Buyer', 'Wants', 'Moving On'];
let ctx: TestContext;
let world: LeadWorld;
let headers: Record<string, string>;
let storageDir: string;

const exportUrl = (filter: unknown, extra: Record<string, string> = {}) =>
  `/api/properties/leads/export?${new URLSearchParams({ filter: JSON.stringify(filter), ...extra }).toString()}`;
const download = (filter: unknown, extra: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: exportUrl(filter, extra), headers });
const byLeadId = (rows: string[][]) => Object.fromEntries(rows.slice(1).map((row) => [row[2], row.slice(REPORT.length)]));

beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), 'crm-lead-export-cf-'));
  ctx = await createTestApp({ envOverrides: { STORAGE_DIR: storageDir } });
  world = await createLeadWorld(ctx);
  headers = await world.manager.headers();
  const base = { companyId: world.company.id, assetId: world.asset.id, kind: 'lead' };
  await ctx.db.customFieldDefinition.createMany({
    data: [
      { ...base, key: 'budget_source', label: 'Budget Source', type: 'select', options: ['Cash', 'Mortgage'], order: 0 },
      { ...base, key: 'budget', label: 'Budget', type: 'number', order: 1 },
      { ...base, key: 'cash', label: 'Cash Buyer', type: 'boolean', order: 2 },
      { ...base, key: 'wants', label: 'Wants', type: 'multi-select', options: ['Pool', 'Gym'], order: 3 },
      { ...base, key: 'moving_on', label: 'Moving On', type: 'date', order: 4 },
      // Disabled: kept on the records, in no export.
      { ...base, key: 'retired', label: 'Retired', type: 'text', order: 5, enabled: false },
    ],
  });
  const values = [
    { budget_source: 'Cash', budget: 2_500_000, cash: true, wants: ['Pool', 'Gym'], moving_on: '2026-09-01', retired: 'x' },
    { budget_source: 'Mortgage', budget: 1.5, cash: false },
    {},
  ];
  await insertLeads(ctx, world, 3, { prefix: 'CF', extra: (i) => ({ customFields: values[i] ?? {} }) });
  // Another asset's lead fields never reach these files.
  const other = await createLeadWorld(ctx, { assetName: 'Elsewhere' });
  await ctx.db.customFieldDefinition.create({
    data: { companyId: other.company.id, assetId: other.asset.id, kind: 'lead', key: 'secret', label: 'Secret', type: 'text' },
  });
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await rm(storageDir, { recursive: true, force: true });
});

describe('lead custom fields in the Leads exports', () => {
  it('are columns after the report, labelled, written like the generic exports (CSV)', async () => {
    const res = await download({ sort: { leadID: 1 } });
    expect(res.statusCode, res.body).toBe(200);
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual([...REPORT, ...CUSTOM]);
    expect(byLeadId(rows)).toEqual({
      'CF-000000': ['Cash', '2500000', 'Yes', 'Pool, Gym', '2026-09-01'],
      'CF-000001': ['Mortgage', '1.5', 'No', '', ''],
      'CF-000002': ['', '', '', '', ''],
    });
  });

  it("follow the column choice: left out when `select` does not name customFields, and the list's filter on them applies", async () => {
    const without = parseCsv((await download({ select: ['leadID', 'stage'] })).body);
    expect(without[0]).toEqual(REPORT);
    const chosen = parseCsv((await download({ select: ['leadID', 'customFields'] })).body);
    expect(chosen[0]).toEqual([...REPORT, ...CUSTOM]);
    const filtered = parseCsv((await download({ query: { 'customFields.budget_source': 'Mortgage' } })).body);
    expect(Object.keys(byLeadId(filtered))).toEqual(['CF-000001']);
    const ranged = parseCsv((await download({ query: { 'customFields.budget': { $gte: 1000 } } })).body);
    expect(Object.keys(byLeadId(ranged))).toEqual(['CF-000000']);
  });

  it('are columns of the XLSX file, a number as a number', async () => {
    const res = await download({ sort: { leadID: 1 } }, { format: 'xlsx' });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, ...REPORT, ...CUSTOM]);
    const first = sheet?.getRow(2);
    expect(first?.getCell(3).value).toBe('CF-000000');
    expect(first?.getCell(REPORT.length + 1).value).toBe('Cash');
    expect(first?.getCell(REPORT.length + 2).value).toBe(2_500_000);
    expect(first?.getCell(REPORT.length + 4).value).toBe('Pool, Gym');
  });

  it('are columns of the background export, which keeps the column choice it was queued with', async () => {
    const file = async (filter: Record<string, unknown>) => {
      const queued = await ctx.app.inject({
        method: 'POST',
        url: '/api/properties/leads/export-jobs',
        headers,
        payload: { filter, format: 'csv' },
      });
      expect(queued.statusCode, queued.body).toBe(202);
      const id = queued.json().data._id as string;
      await runLeadExportJob(ctx.app.deps, id, { attempt: 1, attempts: 1 });
      const got = await ctx.app.inject({ method: 'GET', url: `/api/properties/leads/export-jobs/${id}/download`, headers });
      expect(got.statusCode, got.body).toBe(200);
      return parseCsv(got.body);
    };
    const all = await file({ query: { 'customFields.cash': true } });
    expect(all[0]).toEqual([...REPORT, ...CUSTOM]);
    expect(byLeadId(all)).toEqual({ 'CF-000000': ['Cash', '2500000', 'Yes', 'Pool, Gym', '2026-09-01'] });
    expect((await file({ select: ['leadID'] }))[0]).toEqual(REPORT);
  });
});
