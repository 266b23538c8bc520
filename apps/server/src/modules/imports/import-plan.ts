import { IMPORT_MESSAGES, mappingProblems, rowToBody, type ImportMapping, type ImportRowError } from '@crm/domain';
import type { z } from 'zod';
import { AppError } from '../../core/app-error.js';
import { scopeWhere } from '../../resources/query-plan.js';
import type { Access } from '../../resources/resource-access.js';
import { delegateOf } from '../../resources/resource-delegate.js';
import type { ResourceDeps, Row } from '../../resources/resource.types.js';
import type { ImportSheet } from './import-file.js';
import type { ImportTarget, RowKey } from './import-targets.js';

// Every row of a file checked as the write would check it, without writing: the cells read for their columns,
// records named by their name (a project's developer) found in the asset, the body validated with the kind's create
// schema, the kind's own rules, a key repeated in the file, and the asset's records with the same key (one: the row
// updates it; more than one: the row cannot say which). The dry run answers this; the run writes the rows that pass.

export interface PlannedRow {
  /** The file's row number (the header is row 1). */
  row: number;
  key: RowKey;
  create: Row;
  update: Row;
  /** An existing record has the key: the row updates it. */
  exists: boolean;
}

export interface ImportPlan {
  total: number;
  valid: PlannedRow[];
  /** Each bad row's problems (every problem of a row, not only the first). */
  errors: ImportRowError[];
  invalidRows: number;
}

/** A mapping the kind can use, or 400 with what is wrong with it. */
export function checkMapping(target: ImportTarget, sheet: ImportSheet, mapping: ImportMapping): ImportMapping {
  const known = new Set(sheet.headers);
  const used: ImportMapping = {};
  for (const [header, field] of Object.entries(mapping)) if (known.has(header)) used[header] = field;
  const problems = mappingProblems(used, target.columns, target.keyFields);
  if (problems.length) throw AppError.validation({ mapping: problems }, problems[0] ?? IMPORT_MESSAGES.mappingInvalid);
  return used;
}

function schemaErrors(schema: z.ZodType | undefined, body: Row, row: number): ImportRowError[] {
  if (!schema) return [];
  const result = schema.safeParse(body);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    row,
    field: typeof issue.path[0] === 'string' ? issue.path[0] : null,
    message: issue.message,
  }));
}

const LOOKUP_CHUNK = 1000;

/**
 * Replaces each `byName` (`byEmail`) cell by the id of the one record of the tenancy with that name (email), ignoring
 * case; a name the tenancy has none of, or several of, is the row's error.
 */
async function resolveNames(
  deps: Pick<ResourceDeps, 'db'>,
  access: Access,
  target: ImportTarget,
  rows: { row: number; body: Row; errors: ImportRowError[] }[],
): Promise<void> {
  for (const [field, { resource, column }] of Object.entries(target.named)) {
    const label = target.columns.find((column) => column.field === field)?.label ?? field;
    const names = [...new Set(rows.flatMap(({ body }) => (typeof body[field] === 'string' ? [body[field].toLowerCase()] : [])))];
    const ids = new Map<string, string[]>();
    const model = delegateOf(deps.db, resource.model);
    for (let start = 0; start < names.length; start += LOOKUP_CHUNK) {
      const found = await model.findMany({
        where: { ...scopeWhere(resource, access), [column]: { in: names.slice(start, start + LOOKUP_CHUNK), mode: 'insensitive' } },
        select: { id: true, [column]: true },
      });
      for (const record of found) {
        const name = String(record[column]).toLowerCase();
        ids.set(name, [...(ids.get(name) ?? []), String(record.id)]);
      }
    }
    for (const read of rows) {
      const name = read.body[field];
      if (typeof name !== 'string') continue;
      const matches = ids.get(name.toLowerCase()) ?? [];
      if (matches.length === 1) read.body[field] = matches[0];
      else {
        read.errors.push({
          row: read.row,
          field,
          message: matches.length ? IMPORT_MESSAGES.manyRecordsNamed(label, name) : IMPORT_MESSAGES.noRecordNamed(label, name),
        });
        delete read.body[field];
      }
    }
  }
}

/** How many live records of the tenancy have each key (keys as `RowKey.value`). */
async function existingCounts(deps: Pick<ResourceDeps, 'db'>, target: ImportTarget, access: Access, keys: RowKey[]) {
  const counts = new Map<string, number>();
  const byColumn = new Map<string, RowKey[]>();
  for (const key of keys) byColumn.set(key.column, [...(byColumn.get(key.column) ?? []), key]);
  const model = delegateOf(deps.db, target.resource.model);
  for (const [column, list] of byColumn) {
    const insensitive = list[0]?.insensitive ?? false;
    const values = [...new Set(list.map((key) => key.value))];
    for (let start = 0; start < values.length; start += LOOKUP_CHUNK) {
      const chunk = values.slice(start, start + LOOKUP_CHUNK);
      const rows = await model.findMany({
        where: { ...scopeWhere(target.resource, access), [column]: insensitive ? { in: chunk, mode: 'insensitive' } : { in: chunk } },
        select: { [column]: true },
      });
      for (const found of rows) {
        const value = String(found[column] ?? '');
        const id = `${column}:${insensitive ? value.toLowerCase() : value}`;
        counts.set(id, (counts.get(id) ?? 0) + 1);
      }
    }
  }
  return (key: RowKey) => counts.get(`${key.column}:${key.value}`) ?? 0;
}

export async function planImport(
  deps: Pick<ResourceDeps, 'db'>,
  access: Access,
  target: ImportTarget,
  sheet: ImportSheet,
  mapping: ImportMapping,
): Promise<ImportPlan> {
  const errors: ImportRowError[] = [];
  const candidates: PlannedRow[] = [];
  const firstRowOf = new Map<string, number>();
  const keyLabel = (key: RowKey) => target.columns.find((column) => column.field === key.column)?.label ?? key.column;
  let invalidRows = 0;
  const reads = sheet.rows.map((cells, index) => ({
    row: index + 2,
    ...rowToBody(target.columns, mapping, sheet.headers, cells, index + 2),
  }));
  await resolveNames(deps, access, target, reads);
  await target.checkRows?.(deps, access, reads);
  for (const read of reads) {
    const { row } = read;
    const { create, update } = target.prepare(read.body);
    const rowErrors = [...read.errors, ...schemaErrors(target.resource.createSchema, create, row), ...target.rowErrors(create, row)];
    const key = target.keyOf(read.body);
    if (key) {
      const id = `${key.column}:${key.value}`;
      const first = firstRowOf.get(id);
      if (first !== undefined) rowErrors.push({ row, field: key.column, message: IMPORT_MESSAGES.duplicateInFile(keyLabel(key), first) });
      else firstRowOf.set(id, row);
    }
    if (rowErrors.length || !key) {
      invalidRows += 1;
      errors.push(...rowErrors);
      continue;
    }
    candidates.push({ row, key, create, update, exists: false });
  }
  const countOf = await existingCounts(
    deps,
    target,
    access,
    candidates.map((planned) => planned.key),
  );
  const valid: PlannedRow[] = [];
  for (const planned of candidates) {
    const count = countOf(planned.key);
    if (count > 1) {
      invalidRows += 1;
      errors.push({ row: planned.row, field: planned.key.column, message: IMPORT_MESSAGES.duplicateInAsset(keyLabel(planned.key)) });
    } else valid.push({ ...planned, exists: count === 1 });
  }
  errors.sort((a, b) => a.row - b.row);
  return { total: sheet.rows.length, valid, errors, invalidRows };
}
