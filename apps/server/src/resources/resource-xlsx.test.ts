import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { exportZone } from './export-zone.js';
import type { CellValue } from './resource-export.js';
import { columnLetters, xlsxStream } from './resource-xlsx.js';

// The hand-written XLSX writer, read back by exceljs (an independent reader): types, escaping, many columns.

async function workbookOf(label: string, headers: string[], rows: CellValue[][], batch = 2): Promise<ExcelJS.Worksheet> {
  async function* batches() {
    for (let i = 0; i < rows.length; i += batch) yield rows.slice(i, i + batch);
  }
  const chunks: Buffer[] = [];
  const errors: unknown[] = [];
  await pipeline(
    xlsxStream(label, headers, batches(), (error) => errors.push(error)),
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    }),
  );
  expect(errors).toEqual([]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

describe('xlsxStream', () => {
  it('writes text, numbers, dates and empty cells as their types', async () => {
    const sheet = await workbookOf(
      'Leads',
      ['Name', 'Price', 'Accepted', 'Note', 'Created At'],
      [
        ['Aisha', 1_250_000, 'Yes', null, new Date('2026-03-01T10:00:00Z')],
        ['Omar', 0.5, 'No', '', null],
      ],
    );
    expect(sheet.name).toBe('Leads');
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Name', 'Price', 'Accepted', 'Note', 'Created At']);
    expect(sheet.getRow(2).getCell(1).value).toBe('Aisha');
    expect(sheet.getRow(2).getCell(2).value).toBe(1_250_000);
    expect(sheet.getRow(2).getCell(3).value).toBe('Yes');
    expect(sheet.getRow(2).getCell(5).value).toEqual(new Date('2026-03-01T10:00:00Z'));
    expect(sheet.getRow(2).getCell(5).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(sheet.getRow(3).getCell(2).value).toBe(0.5);
    expect(sheet.getRow(3).getCell(4).value).toBeNull();
    expect(sheet.getRow(3).getCell(5).value).toBeNull();
  });

  it("writes dates as the wall time in the caller's zone", async () => {
    async function* one() {
      yield [[new Date('2026-03-01T22:30:00Z')]];
    }
    const chunks: Buffer[] = [];
    await pipeline(
      xlsxStream('Dates', ['At'], one(), () => undefined, exportZone('Asia/Dubai')),
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(chunk);
          done();
        },
      }),
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    // 22:30 UTC is 02:30 the next day in Dubai (UTC+4).
    expect(workbook.worksheets[0]?.getRow(2).getCell(1).value).toEqual(new Date('2026-03-02T02:30:00Z'));
  });

  it('escapes markup, drops characters XML cannot hold, keeps edge spaces and non-Latin text', async () => {
    const text = `<b>"Tom & Jerry"</b>`;
    const sheet = await workbookOf('A/B: report?', ['Text'], [[text], ['bell\u0007 and\ttab'], ['  spaced  '], ['مرسى دبي 🏙']]);
    expect(sheet.name).toBe('A B  report ');
    expect(sheet.getRow(2).getCell(1).value).toBe(text);
    expect(sheet.getRow(3).getCell(1).value).toBe('bell and\ttab');
    expect(sheet.getRow(4).getCell(1).value).toBe('  spaced  ');
    expect(sheet.getRow(5).getCell(1).value).toBe('مرسى دبي 🏙');
  });

  it('names columns past Z (AA, AB, ...) and keeps every row across batches', async () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
    const headers = Array.from({ length: 30 }, (_, i) => `C${i + 1}`);
    const rows = Array.from({ length: 25 }, (_, r) => headers.map((_, c) => r * 100 + c));
    const sheet = await workbookOf('Wide', headers, rows, 7);
    expect(sheet.rowCount).toBe(26);
    expect(sheet.getRow(26).getCell(30).value).toBe(2429);
    expect(sheet.getRow(2).getCell(27).value).toBe(26);
  });

  it('stops reading batches when the download is closed early', async () => {
    let produced = 0;
    let stopped = false;
    async function* endless() {
      try {
        for (;;) {
          produced += 1;
          yield [Array.from({ length: 10 }, () => 'x'.repeat(200))];
        }
      } finally {
        stopped = true;
      }
    }
    const errors: unknown[] = [];
    const stream = xlsxStream('Leads', ['A'], endless(), (error) => errors.push(error));
    await new Promise<void>((resolve) => {
      // Closed once the sheet's rows are flowing (the first bytes are the workbook's fixed parts).
      stream.on('data', () => {
        if (produced < 3) return;
        stream.destroy();
        resolve();
      });
    });
    await expect.poll(() => stopped).toBe(true);
    const seen = produced;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(produced).toBe(seen);
    expect(errors).toEqual([]);
  });
});
