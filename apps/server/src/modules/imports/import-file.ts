import { parse } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import { IMPORT_LIMITS, IMPORT_MESSAGES, type ImportFormat } from '@crm/domain';
import { AppError } from '../../core/app-error.js';

// An uploaded spreadsheet as text: its header row and its rows of cells. CSV is read with csv-parse (a BOM, ';' or
// tab separated files are recognised); XLSX with exceljs, its first sheet, dates as YYYY-MM-DD (or the full
// instant when it has a time), numbers as written.

export interface ImportSheet {
  format: ImportFormat;
  headers: string[];
  /** Data rows (the header is row 1, so rows[i] is the file's row i + 2). */
  rows: string[][];
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** The file's format from its bytes and name: a zip named .xlsx, or text named .csv (or .txt). */
export function importFormatOf(fileName: string, bytes: Buffer): ImportFormat {
  const name = fileName.toLowerCase();
  const zipped = bytes.subarray(0, 4).equals(ZIP_MAGIC);
  if (name.endsWith('.xlsx') && zipped) return 'xlsx';
  if ((name.endsWith('.csv') || name.endsWith('.txt')) && !zipped && !bytes.subarray(0, 4096).includes(0)) return 'csv';
  throw AppError.validation({ file: [IMPORT_MESSAGES.fileType] }, IMPORT_MESSAGES.fileType);
}

function separatorOf(text: string): string {
  const firstLine = text.slice(0, text.indexOf('\n') >>> 0 || text.length);
  const counts = [',', ';', '\t'].map((sep) => [sep, firstLine.split(sep).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

function readCsv(bytes: Buffer): string[][] {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  return parse(text, {
    delimiter: separatorOf(text),
    relax_column_count: true,
    skip_empty_lines: true,
    bom: true,
  }) as string[][];
}

const pad = (n: number) => String(n).padStart(2, '0');

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const day = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
    const midnight = value.getUTCHours() + value.getUTCMinutes() + value.getUTCSeconds() === 0;
    return midnight ? day : value.toISOString();
  }
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
    return '';
  }
  return String(value);
}

async function readXlsx(bytes: Buffer): Promise<string[][]> {
  // Loaded on the first XLSX import: exceljs is ~9 MB of heap that a server without imports never needs.
  const { default: excel } = await import('exceljs');
  const workbook = new excel.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell.value);
    });
    rows.push(Array.from(cells, (cell) => cell ?? ''));
  });
  return rows;
}

/** Reads the file; a file that is no CSV/XLSX, cannot be read, has no rows or too many answers 400. */
export async function readImportFile(fileName: string, bytes: Buffer): Promise<ImportSheet> {
  if (bytes.length > IMPORT_LIMITS.MAX_BYTES)
    throw AppError.validation({ file: [IMPORT_MESSAGES.fileTooLarge] }, IMPORT_MESSAGES.fileTooLarge);
  const format = importFormatOf(fileName, bytes);
  let table: string[][];
  try {
    table = format === 'csv' ? readCsv(bytes) : await readXlsx(bytes);
  } catch {
    throw AppError.validation({ file: [IMPORT_MESSAGES.fileUnreadable] }, IMPORT_MESSAGES.fileUnreadable);
  }
  const [head, ...rows] = table.filter((row) => row.some((cell) => cell.trim() !== ''));
  const headers = (head ?? []).map((header) => header.trim());
  if (!headers.length || !rows.length) throw AppError.validation({ file: [IMPORT_MESSAGES.fileEmpty] }, IMPORT_MESSAGES.fileEmpty);
  if (rows.length > IMPORT_LIMITS.MAX_ROWS) {
    const message = IMPORT_MESSAGES.tooManyRows(IMPORT_LIMITS.MAX_ROWS);
    throw AppError.validation({ file: [message] }, message);
  }
  return { format, headers, rows };
}
