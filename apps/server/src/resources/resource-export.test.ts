import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatInZone, PERMISSIONS as P } from '@crm/domain';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { EXPORT_LIMITS, readAhead } from './resource-export.js';
import { createWorld, restAs, type ResourceWorld } from './resource-test-kit.js';

// Exports stream from keyset batches: 20,000 seeded listings come out whole and in order as CSV and XLSX,
// and the process memory stays flat while they do (measured over a real socket, not inject's buffer).

const ROWS = Number(process.env.EXPORT_TEST_ROWS ?? 20_000);
let ctx: TestContext;
let world: ResourceWorld;
let api: ReturnType<typeof restAs>;
let agentId: string;

/** RFC 4180 rows (quotes, doubled quotes, commas and newlines inside quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let value = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        value += '"';
        i++;
      } else if (c === '"') quoted = false;
      else value += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(value);
      value = '';
    } else if (c === '\n') {
      row.push(value);
      rows.push(row);
      row = [];
      value = '';
    } else if (c !== '\r') value += c;
  }
  if (value || row.length) {
    row.push(value);
    rows.push(row);
  }
  return rows;
}

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createWorld(ctx);
  api = restAs(ctx, world.admin);
  const base = { assetId: world.assetA.id, companyId: world.company.id };
  agentId = (await ctx.db.teamMember.create({ data: { ...base, name: 'Agent "Smith", Jr' } })).id;
  for (let start = 0; start < ROWS; start += 5000) {
    await ctx.db.listing.createMany({
      data: Array.from({ length: Math.min(5000, ROWS - start) }, (_, k) => {
        const i = start + k;
        return {
          ...base,
          reference: `REF-${String(i).padStart(6, '0')}`,
          title: i === 7 ? '=HYPERLINK("http://evil")' : `Flat ${i}, "sea view"`,
          city: i % 3 === 0 ? null : 'Dubai',
          // Many equal prices and some empty ones: the keyset must neither skip nor repeat rows.
          price: i % 10 === 0 ? null : (i % 97) * 1000,
          bedrooms: i % 5,
          agentId: i % 2 === 0 ? agentId : null,
        };
      }),
    });
  }
  await ctx.db.listing.create({ data: { assetId: world.assetB.id, companyId: world.company.id, reference: 'FOREIGN' } });
}, 120_000);
afterAll(async () => ctx.close());

describe('CSV export', () => {
  it('streams every matching row with headers, quoting and the tenancy', async () => {
    const res = await api.get('properties/listings/export', { sort: { reference: 1 } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="properties-listings-\d{4}-\d{2}-\d{2}T[\d-]+\.csv"$/);
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    const rows = parseCsv(res.body.slice(1));
    expect(rows[0]).toEqual([
      'Reference',
      'Title',
      'Purpose',
      'Unit Type',
      'City',
      'Location',
      'Sub Location',
      'Bedrooms',
      'Bathrooms',
      'Price',
      'Agent',
      'Enabled',
      'Created At',
      'Status',
      'Community',
      'Size (sq ft)',
      'Permit (Trakheesi)',
      'Permit Expiry',
    ]);
    expect(rows).toHaveLength(ROWS + 1);
    expect(rows[1]?.slice(0, 3)).toEqual(['REF-000000', 'Flat 0, "sea view"', 'Sale']);
    expect(rows[1]?.[10]).toBe('Agent "Smith", Jr');
    expect(rows[2]?.[9]).toBe('1000');
    expect(rows[8]?.[1]).toBe('\'=HYPERLINK("http://evil")');
    expect(rows.some((r) => r[0] === 'FOREIGN')).toBe(false);
  });

  it('keeps the requested order across batches, nulls last, with no row lost or repeated', async () => {
    const res = await api.get('properties/listings/export', { sort: { price: -1 }, select: ['reference', 'price'] });
    const rows = parseCsv(res.body.slice(1)).slice(1);
    expect(rows).toHaveLength(ROWS);
    expect(new Set(rows.map((r) => r[0])).size).toBe(ROWS);
    const expected = await ctx.db.listing.findMany({
      where: { assetId: world.assetA.id },
      orderBy: [{ price: { sort: 'desc', nulls: 'last' } }, { id: 'desc' }],
      select: { reference: true },
    });
    expect(rows.map((r) => r[0])).toEqual(expected.map((r) => r.reference));
  });

  it('exports a range (skip/limit, as the browser does in chunks) and honours the filter', async () => {
    const res = await api.get('properties/listings/export', { sort: { reference: 1 }, skip: 5000, limit: 5000, select: ['reference'] });
    const rows = parseCsv(res.body.slice(1));
    expect(rows).toEqual([['Reference'], ...Array.from({ length: 5000 }, (_, k) => [`REF-${String(5000 + k).padStart(6, '0')}`])]);
    const filtered = await api.get('properties/listings/export', {
      query: { bedrooms: 4, city: 'Dubai' },
      select: ['reference', 'bedrooms'],
    });
    const body = parseCsv(filtered.body.slice(1)).slice(1);
    expect(body.length).toBe(Array.from({ length: ROWS }, (_, i) => i).filter((i) => i % 5 === 4 && i % 3 !== 0).length);
    expect(body.every((r) => r[1] === '4')).toBe(true);
  });

  it("answers 404 'Data is empty' when nothing matches", async () => {
    for (const format of ['csv', 'xlsx']) {
      const res = await api.get('properties/listings/export', { query: { reference: 'none' } }, { format });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Data is empty' });
    }
  });

  it("writes the cells every export shares: booleans Yes/No, dates ISO 8601 in the caller's zone", async () => {
    const one = await ctx.db.listing.findFirstOrThrow({ where: { assetId: world.assetA.id, reference: 'REF-000001' } });
    const filter = JSON.stringify({ query: { reference: 'REF-000001' }, select: ['reference', 'enabled', 'createdAt', 'price'] });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/properties/listings/export?filter=${encodeURIComponent(filter)}`,
      headers: { authorization: world.admin.headers.authorization, 'x-timezone': 'Asia/Dubai' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = parseCsv(res.body.slice(1));
    expect(rows[0]).toEqual(['Reference', 'Price', 'Enabled', 'Created At']);
    expect(rows[1]).toEqual([
      'REF-000001',
      String(one.price),
      one.enabled ? 'Yes' : 'No',
      formatInZone(one.createdAt, 'YYYY-MM-DDTHH:mm:ssZ', 'Asia/Dubai'),
    ]);
    expect(rows[1]?.[3]).toMatch(/\+04:00$/);

    const xlsx = await ctx.app.inject({
      method: 'GET',
      url: `/api/properties/listings/export?format=xlsx&filter=${encodeURIComponent(filter)}`,
      headers: { authorization: world.admin.headers.authorization, 'x-timezone': 'Asia/Dubai' },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const row = workbook.worksheets[0]?.getRow(2);
    expect(row?.getCell(2).value).toBe(Number(one.price));
    expect(row?.getCell(3).value).toBe(one.enabled ? 'Yes' : 'No');
    // A date cell of the Dubai wall time (exceljs reads serials as UTC wall time), to the millisecond's rounding.
    const created = row?.getCell(4).value;
    expect(created).toBeInstanceOf(Date);
    expect(Math.abs((created as Date).getTime() - (one.createdAt.getTime() + 4 * 3_600_000))).toBeLessThan(2);
  });

  it('refuses an unknown format and an export without read permission', async () => {
    expect((await api.get('properties/listings/export', undefined, { format: 'pdf' })).statusCode).toBe(400);
    const outsider = restAs(ctx, await world.user([P.CUSTOMERS_VIEW]));
    expect((await outsider.get('properties/listings/export')).statusCode).toBe(403);
  });
});

describe('XLSX export', () => {
  it('writes a workbook that reads back with every row', async () => {
    const res = await api.get('properties/listings/export', { sort: { reference: 1 } }, { format: 'xlsx' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.rowCount).toBe(ROWS + 1);
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      'Reference',
      'Title',
      'Purpose',
      'Unit Type',
      'City',
      'Location',
      'Sub Location',
      'Bedrooms',
      'Bathrooms',
      'Price',
      'Agent',
      'Enabled',
      'Created At',
      'Status',
      'Community',
      'Size (sq ft)',
      'Permit (Trakheesi)',
      'Permit Expiry',
    ]);
    expect(sheet?.getRow(2).getCell(1).value).toBe('REF-000000');
    expect(sheet?.getRow(3).getCell(10).value).toBe(1000);
    expect(sheet?.getRow(ROWS + 1).getCell(1).value).toBe(`REF-${String(ROWS - 1).padStart(6, '0')}`);
  });

  it(`caps one file at ${EXPORT_LIMITS.XLSX_MAX_ROWS} rows`, async () => {
    // Asking for more rows than the cap is refused up front; a range within it is fine.
    if (ROWS <= EXPORT_LIMITS.XLSX_MAX_ROWS) {
      const ok = await api.get('properties/listings/export', { limit: 10, select: ['reference'] }, { format: 'xlsx' });
      expect(ok.statusCode).toBe(200);
      return;
    }
    const res = await api.get('properties/listings/export', undefined, { format: 'xlsx' });
    expect(res.statusCode).toBe(400);
  });
});

describe('export memory', () => {
  /** Streams an export over a real socket, counting bytes, while sampling this process's RSS. */
  async function measure(format: 'csv' | 'xlsx', rows: number) {
    const address = ctx.app.server.address() as AddressInfo;
    const filter = encodeURIComponent(JSON.stringify({ limit: rows }));
    const url = `http://127.0.0.1:${address.port}/api/properties/listings/export?format=${format}&filter=${filter}`;
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const started = performance.now();
    const { bytes, lines } = await new Promise<{ bytes: number; lines: number }>((resolve, reject) => {
      http
        .get(url, { headers: world.admin.headers }, (res) => {
          let count = 0;
          let newlines = 0;
          res.on('data', (chunk: Buffer) => {
            count += chunk.length;
            for (const b of chunk) if (b === 10) newlines++;
          });
          res.on('end', () => resolve({ bytes: count, lines: newlines }));
          res.on('error', reject);
        })
        .on('error', reject);
    });
    clearInterval(timer);
    const seconds = (performance.now() - started) / 1000;
    return { rows, bytes, lines, seconds, rowsPerSecond: Math.round(rows / seconds), rssDeltaMb: Math.round((peak - before) / 1048576) };
  }

  it('streams without holding the result in memory', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const csv = await measure('csv', ROWS);
    const xlsx = await measure('xlsx', Math.min(ROWS, EXPORT_LIMITS.XLSX_MAX_ROWS));
    const line = (m: typeof csv) =>
      `${m.rows} rows, ${m.rowsPerSecond} rows/s, ${(m.bytes / 1048576).toFixed(1)} MB, RSS +${m.rssDeltaMb} MB`;
    console.info(`[export] csv: ${line(csv)}; xlsx: ${line(xlsx)}`);
    expect(csv.lines).toBe(ROWS + 1);
    expect(xlsx.bytes).toBeGreaterThan(1000);
    // A buffered export of these rows would hold the whole file (several MB) plus its objects at once.
    expect(csv.rssDeltaMb).toBeLessThan(120);
    expect(xlsx.rssDeltaMb).toBeLessThan(200);
  });
});

describe('readAhead', () => {
  it('yields the source in order, asking for the next item before the caller is done with this one', async () => {
    const asked: number[] = [];
    async function* source() {
      for (let i = 1; i <= 3; i += 1) {
        asked.push(i);
        yield i;
      }
    }
    const seen: Array<[number, number[]]> = [];
    for await (const item of readAhead(source())) seen.push([item, [...asked]]);
    // When item 1 reaches the caller, item 2 is already being produced.
    expect(seen).toEqual([
      [1, [1, 2]],
      [2, [1, 2, 3]],
      [3, [1, 2, 3]],
    ]);
  });

  it('stops the source when the caller stops early, and passes its failure on', async () => {
    let finished = false;
    async function* source() {
      try {
        yield 1;
        yield 2;
        yield 3;
      } finally {
        finished = true;
      }
    }
    for await (const item of readAhead(source())) if (item === 1) break;
    expect(finished).toBe(true);

    async function* failing() {
      yield 1;
      throw new Error('database gone');
    }
    const got: number[] = [];
    await expect(async () => {
      for await (const item of readAhead(failing())) got.push(item);
    }).rejects.toThrow('database gone');
    expect(got).toEqual([1]);
  });
});
