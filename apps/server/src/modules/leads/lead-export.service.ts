import type { Readable } from 'node:stream';
import { MESSAGES, type LeadExportFormat, type LeadExportQuery } from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/app-error.js';
import { sqlPoolOf, type DbTx } from '../../db/prisma.js';
import { planQuery, parseListFilter, type SortPlan } from '../../resources/query-plan.js';
import { authorize, type Access } from '../../resources/resource-access.js';
import { delegateOf } from '../../resources/resource-delegate.js';
import {
  assertXlsxFits,
  CONTENT_TYPES,
  csvStream,
  csvText,
  exportFileName,
  keysetBatches,
  rangeOf,
  readAhead,
  xlsxStream,
  type Cells,
  type ExportFile,
} from '../../resources/resource-export.js';
import { exportZone } from '../../resources/export-zone.js';
import type { ResourceDeps, Where } from '../../resources/resource.types.js';
import { copyZone, leadCsvCopyStream, leadExportCopySql, type LeadIdBatch } from './lead-export-copy.js';
import { accessWithCustomFields, customFieldRules, type CustomFieldDefinitionRow } from '../../resources/custom-field-rules.js';
import { leadExportCells, leadExportHeaders, loadLeadExportRows } from './lead-export-rows.js';
import { leadResource } from './lead.resource.js';

// GET properties/leads/export: the Leads report's rows for the list's filter, as CSV or XLSX, streamed. The rows
// come from the generic engine's keyset batches (the list's own where and sort, never OFFSET past the first
// batch), the columns from lead-export-rows.ts, then the asset's lead custom fields (one column each, unless the
// filter's `select` leaves `customFields` out, as the generic exports do). The export job
// (lead-export-job.service.ts) runs the same source.

export const LEAD_EXPORT_FILE_PREFIX = 'leads';
export const LEAD_EXPORT_SHEET = 'Leads';
/** Rows whose columns are loaded and written together, within each keyset chunk of 5,000. */
export const LEAD_EXPORT_ROW_SLICE = 1000;

export interface LeadExportRange {
  from?: string | undefined;
  to?: string | undefined;
}

export interface LeadExportPlan {
  assetId: string;
  where: Where;
  sort: SortPlan;
  /** The filter's own `skip`/`limit` range (all rows when it names none). */
  range: { skip: number; max: number };
  /** The custom fields written after the report's columns, in their order. */
  custom: CustomFieldDefinitionRow[];
  /** The header row: the report's titles, then the custom fields' labels. */
  headers: string[];
}

/**
 * The list's where and sort for `rawFilter` (same JSON as the list, custom field filters included), narrowed to the
 * created-date range, and the asset's enabled lead custom fields as columns unless `select` leaves them out.
 */
export async function planLeadExport(db: DbTx, access: Access, rawFilter: unknown, range: LeadExportRange): Promise<LeadExportPlan> {
  if (!access.assetId) throw AppError.forbidden('You have no asset to work in.');
  const filter = parseListFilter(rawFilter);
  const rules = await customFieldRules(db, access.assetId, 'lead');
  const plan = planQuery(leadResource, filter, accessWithCustomFields(access, rules));
  const created = { ...(range.from ? { gte: new Date(range.from) } : {}), ...(range.to ? { lte: new Date(range.to) } : {}) };
  const where = Object.keys(created).length ? { AND: [plan.where, { dataSourceCreatedAt: created }] } : plan.where;
  const wanted = !filter.select?.length || filter.select.includes('customFields');
  const custom = wanted ? rules.filter((rule) => rule.enabled) : [];
  return { assetId: access.assetId, where, sort: plan.sort, range: rangeOf(filter), custom, headers: leadExportHeaders(custom) };
}

/** Exactly how many rows the plan exports. */
export async function countLeadExport(db: DbTx, plan: LeadExportPlan): Promise<number> {
  const model = delegateOf(db, 'lead');
  const all = await model.count({ where: plan.where });
  return Math.max(0, Math.min(all - plan.range.skip, plan.range.max));
}

/**
 * The export's cells, a slice at a time: keyset ids (the list's where/sort), then their columns. One slice is
 * read ahead, so the database works on the next while this one is written.
 */
export function leadExportBatches(db: DbTx, plan: LeadExportPlan, options: { now: Date; batch?: number }): AsyncGenerator<Cells[]> {
  return readAhead(exportSlices(db, plan, options));
}

/** The plan's lead ids in its order, a keyset batch at a time. */
async function* leadIdBatches(db: DbTx, plan: LeadExportPlan, batch?: number): AsyncGenerator<string[]> {
  const keys = keysetBatches(delegateOf(db, 'lead'), {
    where: plan.where,
    sort: plan.sort,
    select: { id: true, [plan.sort.field.column]: true },
    skip: plan.range.skip,
    max: plan.range.max,
    ...(batch ? { batch } : {}),
  });
  for await (const rows of keys) yield rows.map((row) => String(row.id));
}

const isBound = (value: unknown): value is Date | string | number =>
  value instanceof Date || typeof value === 'string' || typeof value === 'number';

/** Keyset batches for COPY, with their ends in the sort when its column is never empty. */
async function* copyBatches(db: DbTx, plan: LeadExportPlan): AsyncGenerator<LeadIdBatch> {
  const { field, direction } = plan.sort;
  const column = field.column;
  const keys = keysetBatches(delegateOf(db, 'lead'), {
    where: plan.where,
    sort: plan.sort,
    select: { id: true, [column]: true },
    skip: plan.range.skip,
    max: plan.range.max,
    batch: LEAD_EXPORT_COPY_BATCH,
  });
  const ranged = !field.nullable && ['date', 'string', 'enum', 'int', 'uuid'].includes(field.type);
  for await (const rows of keys) {
    const first = rows[0]?.[column];
    const last = rows.at(-1)?.[column];
    yield {
      ids: rows.map((row) => String(row.id)),
      range: ranged && isBound(first) && isBound(last) ? { column, direction, first, last } : null,
    };
  }
}

async function* exportSlices(db: DbTx, plan: LeadExportPlan, options: { now: Date; batch?: number }): AsyncGenerator<Cells[]> {
  for await (const ids of leadIdBatches(db, plan, options.batch)) {
    // The columns are read a slice at a time: each slice's objects die young (collected by the cheap young-
    // generation GC) instead of piling up in the old generation, which holds the resident memory flat.
    for (let start = 0; start < ids.length; start += LEAD_EXPORT_ROW_SLICE) {
      const rows = await loadLeadExportRows(db, plan.assetId, ids.slice(start, start + LEAD_EXPORT_ROW_SLICE), plan.custom.length > 0);
      yield rows.map((row) => leadExportCells(row, options.now, plan.custom));
    }
  }
}

/**
 * Ids per COPY of the CSV path: few enough to start answering soon and for a batch's ids and SQL to die young (at
 * 20,000 they were large objects promoted to the old generation: a 1,000,000-row export peaked at 294-300 MB, at
 * 5,000 at 267 MB, npm run bench), many enough that each query's cost is small (5,000: ~10% fewer rows a second).
 */
export const LEAD_EXPORT_COPY_BATCH = 5_000;

/**
 * The CSV written by PostgreSQL (lead-export-copy.ts): the stream, 'empty' when no lead matches, or null where COPY
 * cannot serve it (a transaction's client, a zone PostgreSQL does not know), for the cells path to answer.
 * `onBatch` hears each batch's rows once they are written.
 */
export async function leadCsvCopy(
  db: DbTx,
  plan: LeadExportPlan,
  options: { now: Date; timeZone: string; onError: (error: unknown) => void; onBatch?: (rows: number) => Promise<void> | void },
): Promise<Readable | 'empty' | null> {
  const pool = sqlPoolOf(db);
  const zone = pool && (await copyZone(pool, exportZone(options.timeZone).name));
  if (!pool || !zone) return null;
  const ids = copyBatches(db, plan);
  // The first batch is read before answering, so an empty export is a 404 rather than an empty file.
  const first = await ids.next();
  if (first.done) return 'empty';
  async function* batches() {
    if (!first.done) yield first.value;
    yield* ids;
  }
  return leadCsvCopyStream(pool, {
    header: `\ufeff${csvText([plan.headers])}`,
    batches: batches(),
    sql: (batch) => leadExportCopySql(batch, plan.assetId, options.now, zone, plan.custom),
    onError: options.onError,
    ...(options.onBatch ? { onBatch: options.onBatch } : {}),
  });
}

/** The stream of a file of `batches` in `format` under `headers`, dates in `timeZone`. */
export function leadExportStream(
  format: LeadExportFormat,
  headers: string[],
  batches: AsyncIterable<Cells[]>,
  onError: (error: unknown) => void,
  timeZone: string,
) {
  const zone = exportZone(timeZone);
  return format === 'xlsx' ? xlsxStream(LEAD_EXPORT_SHEET, headers, batches, onError, zone) : csvStream(headers, batches, onError, zone);
}

/** GET export: the filter's rows (its skip/limit range, within from/to), or 404 'Data is empty'. */
export async function exportLeads(
  deps: ResourceDeps,
  actor: Actor,
  query: Omit<LeadExportQuery, 'asset'>,
  timeZone: string,
): Promise<ExportFile> {
  const access = authorize(leadResource, { deps, actor }, 'read');
  const plan = await planLeadExport(deps.db, access, query.filter, query);
  if (query.format === 'xlsx') await assertXlsxFits(delegateOf(deps.db, 'lead'), plan.where, plan.range);
  const now = deps.clock.now();
  const onError = (error: unknown) => deps.log.error({ err: error, resource: leadResource.path }, 'lead export failed mid-stream');
  const file = (stream: Readable) => ({
    stream,
    fileName: exportFileName(LEAD_EXPORT_FILE_PREFIX, now, query.format),
    contentType: CONTENT_TYPES[query.format],
  });
  if (query.format === 'csv') {
    const copied = await leadCsvCopy(deps.db, plan, { now, timeZone, onError });
    if (copied === 'empty') throw AppError.notFound(MESSAGES.common.dataEmpty);
    if (copied) return file(copied);
  }
  const source = leadExportBatches(deps.db, plan, { now });
  // The first batch is read before answering, so an empty export is a 404 rather than an empty file.
  const first = await source.next();
  if (first.done) throw AppError.notFound(MESSAGES.common.dataEmpty);
  async function* all() {
    if (!first.done) yield first.value;
    yield* source;
  }
  return file(leadExportStream(query.format, plan.headers, all(), onError, timeZone));
}
