import { Readable } from 'node:stream';
import { LIMITS, MESSAGES, yesNo, type ListFilter } from '@crm/domain';
import { AppError } from '../core/app-error.js';
import { withCustomFields } from './custom-field-rules.js';
import { planQuery, planSelect, parseListFilter, type SortPlan } from './query-plan.js';
import { authorize, type Access } from './resource-access.js';
import { delegateOf, type ResourceDelegate } from './resource-delegate.js';
import { serializeRow, toExportValue } from './resource-serializer.js';
import { exportZone, type ExportZone } from './export-zone.js';
import { xlsxStream } from './resource-xlsx.js';
import type { ResourceCall } from './resource.service.js';
import type { ExportColumnSpec, ResourceDefinition, Row, Where } from './resource.types.js';

// GET {path}/export: the matching rows as CSV (default) or XLSX, streamed. Rows are read in keyset batches
// (sort column + id, never OFFSET) and written as they come, with backpressure, so memory stays flat.

export const EXPORT_LIMITS = {
  /** Rows per keyset query: Prisma's fixed cost per query makes small batches slow (1,000: ~28k rows/s; 5,000: ~75k). */
  BATCH: LIMITS.EXPORT_CHUNK,
  /**
   * One XLSX file of a direct download holds at most this many rows (a spreadsheet that large is slow to open,
   * and the request holds a connection meanwhile). Larger exports use CSV, ranges of `skip`/`limit` (the
   * browser exports 5,000 per range) or an export job.
   */
  XLSX_MAX_ROWS: 50_000,
} as const;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export interface ExportFile {
  stream: Readable;
  fileName: string;
  contentType: string;
}

/**
 * Rows after `last` in the plan's order (nulls last, id breaking ties). Prisma cannot write the row comparison
 * `(col, id) < (v, x)`; its OR form also gets a plain `col <= v` bound, without which PostgreSQL cannot start the
 * index scan at the cursor and reads every earlier row again: each batch would cost more than the last.
 */
function after(sort: SortPlan, last: Row): Where {
  const op = sort.direction === 'asc' ? 'gt' : 'lt';
  const column = sort.field.column;
  if (column === 'id') return { id: { [op]: last.id } };
  const value = last[column];
  if (value === null || value === undefined) return { [column]: null, id: { [op]: last.id } };
  const branches: Where[] = [{ [column]: { [op]: value } }, { [column]: value, id: { [op]: last.id } }];
  // Rows with no value come after every value: no bound can include them.
  if (sort.field.nullable) return { OR: [...branches, { [column]: null }] };
  return { AND: [{ [column]: { [`${op}e`]: value } }, { OR: branches }] };
}

/**
 * The matching rows in the plan's order, `BATCH` at a time, by keyset (never OFFSET past the first batch):
 * `skip` and `max` give the range. Each batch is one query; the reader's pace drives the next one.
 */
export async function* keysetBatches(
  model: ResourceDelegate,
  args: { where: Where; sort: SortPlan; select: Row; skip: number; max: number; batch?: number },
) {
  let last: Row | undefined;
  let sent = 0;
  while (sent < args.max) {
    const take = Math.min(args.batch ?? EXPORT_LIMITS.BATCH, args.max - sent);
    const rows = await model.findMany({
      where: last ? { AND: [args.where, after(args.sort, last)] } : args.where,
      orderBy: args.sort.orderBy,
      select: args.select,
      take,
      ...(last ? {} : { skip: args.skip }),
    });
    if (rows.length) yield rows;
    sent += rows.length;
    last = rows.at(-1);
    if (rows.length < take) return;
  }
}

/**
 * `source` one step ahead: its next item is being produced (say, read from the database) while the caller
 * works on the current one. Stopping early stops the source.
 */
export async function* readAhead<T>(source: AsyncGenerator<T>): AsyncGenerator<T> {
  let pending = source.next();
  try {
    for (;;) {
      const step = await pending;
      if (step.done) return;
      pending = source.next();
      // Awaited on the next turn; a failure while the caller stops early must not go unhandled meanwhile.
      pending.catch(() => undefined);
      yield step.value;
    }
  } finally {
    await source.return(undefined);
  }
}

function valueAt(record: Row, path: string): unknown {
  const [root, child] = path.split('.') as [string, string | undefined];
  const value = record[root];
  if (child === undefined) return value;
  if (Array.isArray(value)) return value.map((item: Row) => item[child]);
  return value && typeof value === 'object' ? (value as Row)[child] : null;
}

/** Text a spreadsheet would run as a formula gets a leading quote (phone numbers like +971... are left alone). */
function safeText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) && !/^[+-]?[\d\s().-]+$/.test(text) ? `'${text}` : text;
}

/**
 * One cell of every export (the Leads report's and every resource's): text, a number, or an instant, which each
 * file writes in the caller's zone (ISO 8601 with the offset in CSV, a date cell in XLSX); booleans are Yes/No.
 */
export type CellValue = string | number | Date | null;

/** A value as a spreadsheet cell: booleans Yes/No, arrays joined, text guarded against formula injection. */
export function toCell(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'boolean') return yesNo(value);
  if (Array.isArray(value)) return safeText(value.filter((v) => v !== null && v !== undefined).join(', '));
  if (typeof value === 'object') return safeText(JSON.stringify(value));
  if (typeof value === 'string') return safeText(value);
  return typeof value === 'number' ? value : String(value);
}

function cell(column: ExportColumnSpec, record: Row): CellValue {
  const raw = valueAt(record, column.field);
  return toCell(column.format ? column.format(raw, record) : raw);
}

function visibleColumns(def: ResourceDefinition, filter: ListFilter, access: Access): ExportColumnSpec[] {
  const selected = filter.select?.length ? new Set(filter.select) : null;
  const all = [...def.exportColumns, ...(access.custom?.exportColumns ?? [])];
  return all.filter((column) => {
    const [root, child] = column.field.split('.') as [string, string | undefined];
    if (selected && !selected.has(root)) return false;
    const field = child === undefined ? def.fields.get(root) : def.populate.get(root)?.fields.get(child);
    return !!field && (!field.sensitive || access.sensitive);
  });
}

/** Rows to export: the filter's explicit range (`skip`, `limit` > 0, or `page` with `limit`), else all. */
export function rangeOf(filter: ListFilter): { skip: number; max: number } {
  const limit = filter.limit !== undefined && filter.limit > 0 ? filter.limit : null;
  const skip = filter.skip ?? (limit && filter.page && filter.page > 1 ? (filter.page - 1) * limit : 0);
  return { skip, max: limit ?? Number.POSITIVE_INFINITY };
}

export type Cells = CellValue[];

const NEEDS_QUOTES = /[",\r\n]/;

const UTC = exportZone('UTC');

function csvField(value: CellValue, zone: ExportZone): string {
  if (value === null) return '';
  const text = typeof value === 'string' ? value : value instanceof Date ? zone.iso(value) : String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * RFC 4180 lines for rows of cells: fields with a comma, quote or line break quoted, quotes doubled. The same
 * text csv-stringify writes, about five times faster (resource-csv.test.ts compares them). Dates in `zone`.
 */
export function csvText(rows: readonly Cells[], zone: ExportZone = UTC): string {
  let out = '';
  for (const row of rows) {
    let line = '';
    for (let i = 0; i < row.length; i += 1) line += (i ? ',' : '') + csvField(row[i] ?? null, zone);
    out += `${line}\n`;
  }
  return out;
}

/** CSV with a BOM (so spreadsheet apps read UTF-8), one string per batch; the reader's pace drives the queries. */
export function csvStream(
  headers: string[],
  batches: AsyncIterable<Cells[]>,
  onError: (error: unknown) => void,
  zone: ExportZone = UTC,
): Readable {
  async function* text() {
    yield `\ufeff${csvText([headers])}`;
    for await (const rows of batches) yield csvText(rows, zone);
  }
  const stream = Readable.from(text(), { objectMode: false });
  stream.on('error', onError);
  return stream;
}

export { xlsxStream };

/** XLSX files are capped (a sheet holds at most ~1M rows, and big ones are slow to open): a range over the cap is refused up front with a 400. */
export async function assertXlsxFits(
  model: ResourceDelegate,
  where: Where,
  range: { skip: number; max: number },
  maxRows: number = EXPORT_LIMITS.XLSX_MAX_ROWS,
): Promise<void> {
  const count = await model.count({ where, skip: range.skip, take: Math.min(range.max, maxRows + 1) });
  if (count > maxRows) {
    throw AppError.validation(
      { format: [`An Excel file holds at most ${maxRows} rows: export CSV, or ranges with skip and limit.`] },
      'Too many rows for one Excel file',
    );
  }
}

/** 'properties-leads-2026-03-01T10-00-00.csv': the path and the moment, safe in a file name. */
export function exportFileName(prefix: string, now: Date, format: ExportFormat): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-').slice(0, 19);
  return `${prefix.replaceAll('/', '-')}-${stamp}.${format}`;
}

export async function exportRecords(
  call: ResourceCall,
  def: ResourceDefinition,
  rawFilter: unknown,
  format: ExportFormat = 'csv',
  timeZone?: string,
): Promise<ExportFile> {
  const access = await withCustomFields(call.deps.db, def, authorize(def, call, 'read'));
  const filter = parseListFilter(rawFilter);
  const plan = planQuery(def, filter, access);
  const columns = visibleColumns(def, filter, access);
  if (!columns.length) throw AppError.validation({ 'filter.select': ['No exportable column selected.'] });

  // Select exactly what the columns need, plus the sort column for the keyset.
  const plain = [...new Set(columns.filter((c) => !c.field.includes('.')).map((c) => c.field))];
  const related = new Map<string, string[]>();
  for (const c of columns) {
    const [root, child] = c.field.split('.') as [string, string | undefined];
    if (child !== undefined) related.set(root, [...(related.get(root) ?? []), child]);
  }
  const selection = planSelect(
    def,
    { select: plain.length ? plain : ['_id'], populate: [...related].map(([path, select]) => ({ path, select })) },
    access,
    [plan.sort.field.column],
  );
  const model = delegateOf(call.deps.db, def.model);
  const range = rangeOf(filter);

  if (format === 'xlsx') await assertXlsxFits(model, plan.where, range);

  const source = keysetBatches(model, { where: plan.where, sort: plan.sort, select: selection.select, skip: range.skip, max: range.max });
  const first = await source.next();
  if (first.done) throw AppError.notFound(MESSAGES.common.dataEmpty);

  /** Cells of each batch, in order (one array per batch keeps the per-row stream overhead away). */
  async function* batchCells() {
    let batch: Row[] | undefined = first.done ? undefined : first.value;
    while (batch) {
      yield batch.map((row) => {
        const record = serializeRow(row, selection, toExportValue);
        return columns.map((column) => cell(column, record));
      });
      const next = await source.next();
      batch = next.done ? undefined : next.value;
    }
  }

  const onError = (error: unknown) => call.deps.log.error({ err: error, resource: def.path }, 'export failed mid-stream');
  const fileName = exportFileName(def.path, call.deps.clock.now(), format);
  const headers = columns.map((c) => c.header);
  const zone = exportZone(timeZone);
  const stream =
    format === 'xlsx' ? xlsxStream(def.label, headers, batchCells(), onError, zone) : csvStream(headers, batchCells(), onError, zone);
  return { stream, fileName, contentType: CONTENT_TYPES[format] };
}
