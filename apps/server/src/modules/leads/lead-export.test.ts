import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEADS_REPORT_COLUMNS } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { loginAs } from '../../../test/factories.js';
import { insertLeads, parseCsv } from './lead-export-test-kit.js';
import { createLeadWorld, movingClock, type LeadWorld } from './lead-test-kit.js';

// GET properties/leads/export: the Leads report's columns computed by the domain's rules, dates in the caller's
// zone, the list's filter and order, ranges (skip/limit chunks, from/to), 'Data is empty', tenancy.

const T0 = new Date('2026-06-01T12:30:00.000Z');
const BULK = 7000;
const HEADERS = LEADS_REPORT_COLUMNS.map((c) => c.title);
let ctx: TestContext;
let world: LeadWorld;
let headers: Record<string, string>;

function exportUrl(filter?: unknown, extra: Record<string, string> = {}) {
  const params = new URLSearchParams({ ...(filter === undefined ? {} : { filter: JSON.stringify(filter) }), ...extra });
  return `/api/properties/leads/export?${params.toString()}`;
}
const get = (filter?: unknown, extra: Record<string, string> = {}, as: Record<string, string> = headers) =>
  ctx.app.inject({ method: 'GET', url: exportUrl(filter, extra), headers: as });
const minutes = (m: number) => new Date(T0.getTime() + m * 60_000);

beforeAll(async () => {
  ctx = await createTestApp({ clock: movingClock(T0) });
  world = await createLeadWorld(ctx);
  headers = { ...(await world.manager.headers()), 'x-timezone': 'Asia/Dubai' };
  const developer = await ctx.db.developer.create({ data: { companyId: world.company.id, assetId: world.asset.id, name: 'Emaar' } });
  await ctx.db.project.update({
    where: { id: world.project.id },
    data: { developerId: developer.id, campaignName: 'Spring "Launch", 2026' },
  });
  const customer = await world.customer();
  const base = { companyId: world.company.id, assetId: world.asset.id, customerId: customer.id, contactType: 'Buyer', source: 'Website' };
  const [ann, bob] = world.agents;
  // Three leads whose every column is known (newer than the bulk ones).
  const listingLead = await ctx.db.lead.create({
    data: {
      ...base,
      leadID: 'R-1',
      sourceDataId: 'SF-R1',
      type: 'listing',
      listingId: world.listing.id,
      agentId: ann.member.id,
      sourceChannel: 'Paid',
      location: 'Marina',
      initialSlaEndDate: minutes(10),
      freePoolSlaEndDate: minutes(130),
      isAccepted: true,
      acceptedAt: minutes(-5),
      creatorName: '',
      updatedByName: 'Manager Mia',
      dataSourceCreatedAt: new Date('2026-06-01T10:15:00Z'),
    },
  });
  await ctx.db.leadReview.create({ data: { companyId: world.company.id, assetId: world.asset.id, leadId: listingLead.id, rating: 4 } });
  await ctx.db.lead.create({
    data: {
      ...base,
      leadID: 'R-2',
      type: 'offplan',
      projectId: world.project.id,
      agentId: bob.member.id,
      officeName: 'Downtown',
      stage: 'Qualified',
      initialSlaEndDate: minutes(-30),
      freePoolSlaEndDate: minutes(90),
      isClaimedFromPool: true,
      dataSourceCreatedAt: new Date('2026-06-01T09:00:00Z'),
    },
  });
  await ctx.db.lead.create({
    data: {
      ...base,
      leadID: 'R-3',
      contactType: 'Tenant',
      source: '=cmd|calc',
      status: 'Closed',
      isContacted: true,
      dataSourceCreatedAt: new Date('2026-05-31T20:59:00Z'),
    },
  });
  await insertLeads(ctx, world, BULK, { start: new Date('2026-05-20T12:00:00Z') });
  // Another company's asset: never in these exports.
  const other = await createLeadWorld(ctx, { assetName: 'Elsewhere' });
  await insertLeads(ctx, other, 20, { prefix: 'OTHER' });
}, 120_000);
afterAll(async () => ctx.close());

describe('GET properties/leads/export', () => {
  it("answers the report's columns by the domain's rules, dates in the caller's zone", async () => {
    const res = await get({ query: { leadID: { $in: ['R-1', 'R-2', 'R-3'] } } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="leads-2026-06-01T12-30-00\.csv"$/);
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual(HEADERS);
    expect(rows.slice(1)).toEqual([
      // Created At, CRM ID, Lead ID, Type, Source, Source Channel, Location, Status, Stage, Agent, Office, Manager, Market,
      // Property/Project, Campaign Name (Project), Project Developer, SLA Stage, Claimed, Pool Claimed, Contacted, Rating, Created By, Last Updated By
      [
        '2026-06-01T14:15:00+04:00',
        'SF-R1',
        'R-1',
        'Buyer',
        'Website',
        'Paid',
        'Marina',
        'Open',
        'New',
        'Agent Ann',
        'Marina',
        'Manager Mia',
        'Secondary',
        expect.stringMatching(/^REF-/),
        '',
        '',
        'Initial',
        'Yes',
        'No',
        'No',
        '4',
        'System',
        'Manager Mia',
      ],
      [
        '2026-06-01T13:00:00+04:00',
        '',
        'R-2',
        'Buyer',
        'Website',
        '',
        '',
        'Open',
        'Qualified',
        'Agent Bob',
        'Downtown',
        'Manager Mia',
        'Off Plan',
        'Creek Towers',
        'Spring "Launch", 2026',
        'Emaar',
        'Lead Pool',
        'No',
        'Yes',
        'No',
        'N/A',
        'System',
        'System',
      ],
      // 00:59 on Jun 1 in Dubai; a formula-looking source is defused.
      [
        '2026-06-01T00:59:00+04:00',
        '',
        'R-3',
        'Tenant',
        "'=cmd|calc",
        '',
        '',
        'Closed',
        'New',
        '',
        '',
        '',
        'General',
        '',
        '',
        '',
        '-',
        'No',
        'No',
        'Yes',
        'N/A',
        'System',
        'System',
      ],
    ]);
    const utc = parseCsv((await get({ query: { leadID: 'R-3' } }, {}, { authorization: headers.authorization ?? '' })).body);
    expect(utc[1]?.[0]).toBe('2026-05-31T20:59:00+00:00');
  });

  it("streams every lead of the asset in the list's order, across keyset batches with tied dates", async () => {
    const res = await get();
    const ids = parseCsv(res.body)
      .slice(1)
      .map((r) => r[2]);
    const expected = await ctx.db.lead.findMany({
      where: { assetId: world.asset.id, deletedAt: null },
      orderBy: [{ dataSourceCreatedAt: 'desc' }, { id: 'desc' }],
      select: { leadID: true },
    });
    expect(ids).toHaveLength(BULK + 3);
    expect(ids).toEqual(expected.map((l) => l.leadID));
    expect(ids.some((id) => id?.startsWith('OTHER'))).toBe(false);
    // Ascending too (the list's sort applies).
    const asc = parseCsv((await get({ sort: { dataSourceCreatedAt: 1 } })).body)
      .slice(1)
      .map((r) => r[2]);
    expect(asc).toEqual([...expected].reverse().map((l) => l.leadID));
  });

  it("takes the list's filter and a created-date range", async () => {
    const from = '2026-05-15T00:00:00.000Z';
    const to = '2026-05-18T23:59:59.999Z';
    const filter = { query: { status: 'Open', stage: { $in: ['New', 'Qualified'] } } };
    const rows = parseCsv((await get(filter, { from, to })).body).slice(1);
    const expected = await ctx.db.lead.count({
      where: {
        assetId: world.asset.id,
        deletedAt: null,
        status: 'Open',
        stage: { in: ['New', 'Qualified'] },
        dataSourceCreatedAt: { gte: new Date(from), lte: new Date(to) },
      },
    });
    expect(expected).toBeGreaterThan(100);
    expect(rows).toHaveLength(expected);
    expect(rows.every((r) => r[7] === 'Open' && ['New', 'Qualified'].includes(r[8] ?? ''))).toBe(true);
  });

  it('exports a range of 5,000 (skip/limit), as the browser does in chunks', async () => {
    const all = parseCsv((await get()).body)
      .slice(1)
      .map((r) => r[2]);
    const second = parseCsv((await get({ skip: 5000, limit: 5000 })).body)
      .slice(1)
      .map((r) => r[2]);
    expect(second).toEqual(all.slice(5000, 10_000));
    const firstPage = parseCsv((await get({ page: 1, limit: 5000 })).body).slice(1);
    expect(firstPage).toHaveLength(5000);
  });

  it('writes XLSX with the same columns', async () => {
    const res = await get({ query: { leadID: { $in: ['R-1', 'R-2'] } } }, { format: 'xlsx' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.rowCount).toBe(3);
    expect(sheet?.getRow(1).values).toEqual([undefined, ...HEADERS]);
    expect(sheet?.getRow(2).getCell(3).value).toBe('R-1');
    expect(sheet?.getRow(3).getCell(16).value).toBe('Emaar');
    // Created At is a date cell holding the wall time in the caller's zone (a spreadsheet has no zones: exceljs
    // reads a date serial as that wall time in UTC).
    const created = sheet?.getRow(2).getCell(1);
    expect(created?.value).toEqual(new Date('2026-06-01T14:15:00Z'));
    expect(created?.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(sheet?.getRow(2).getCell(18).value).toBe('Yes');
  });

  it("answers 404 'Data is empty' for no rows, 400 for a bad request, 403 without the report", async () => {
    for (const format of ['csv', 'xlsx']) {
      const res = await get({ query: { leadID: 'none' } }, { format });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Data is empty' });
    }
    expect((await get(undefined, { from: '2030-01-01T00:00:00Z' })).statusCode).toBe(404);
    expect((await get(undefined, { format: 'pdf' })).statusCode).toBe(400);
    expect((await get({ query: { nope: 1 } })).statusCode).toBe(400);
    expect((await get(undefined, { from: '2026-06-01T00:00:00Z', to: '2026-05-01T00:00:00Z' })).json()).toMatchObject({
      statusCode: 400,
      data: { from: ['From must not be after To.'] },
    });
    const outsider = await loginAs(ctx, world.outsiderEmail);
    expect((await get(undefined, {}, outsider)).statusCode).toBe(403);
  });
});
