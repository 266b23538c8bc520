import { IMPORT_MESSAGES, type ImportColumn, type ImportMapping, type ImportRowError } from './import.schemas.js';

// The pure rules of an import: which header fills which field, and how a cell's text becomes the field's value.
// The server validates the resulting body with the kind's create schema, as a create from the API.

const normalise = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Each header's field: its label or field name, ignoring case, spaces and punctuation; each field used once. */
export function suggestMapping(headers: readonly string[], columns: readonly ImportColumn[]): ImportMapping {
  const byName = new Map<string, string>();
  for (const column of columns) {
    byName.set(normalise(column.field), column.field);
    if (!byName.has(normalise(column.label))) byName.set(normalise(column.label), column.field);
  }
  const used = new Set<string>();
  const mapping: ImportMapping = {};
  for (const header of headers) {
    const field = byName.get(normalise(header)) ?? null;
    mapping[header] = field && !used.has(field) ? field : null;
    if (field) used.add(field);
  }
  return mapping;
}

/** Problems of a mapping itself (unknown fields, a field mapped twice, the key or a required field left out). */
export function mappingProblems(mapping: ImportMapping, columns: readonly ImportColumn[], keyFields: readonly string[]): string[] {
  const byField = new Map(columns.map((column) => [column.field, column]));
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const field of Object.values(mapping)) {
    if (field === null) continue;
    const column = byField.get(field);
    if (!column) problems.push(IMPORT_MESSAGES.mappingUnknownField(field));
    else if (seen.has(field)) problems.push(IMPORT_MESSAGES.mappingTwice(column.label));
    seen.add(field);
  }
  for (const column of columns) {
    if (column.required && !seen.has(column.field)) problems.push(IMPORT_MESSAGES.keyNotMapped(column.label));
  }
  if (keyFields.length && !keyFields.some((field) => seen.has(field))) {
    const labels = keyFields.map((field) => byField.get(field)?.label ?? field);
    problems.push(IMPORT_MESSAGES.keyNotMapped(labels.join(' or ')));
  }
  return [...new Set(problems)];
}

type Cell = { value: unknown } | { error: string };

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function choice(column: ImportColumn, text: string): string {
  return column.values?.find((value) => value.toLowerCase() === text.toLowerCase()) ?? text;
}

function numberOf(text: string): number {
  const cleaned = text.replace(/[\s,_]/g, '');
  return cleaned === '' ? Number.NaN : Number(cleaned);
}

/** One cell's value for its column; an empty cell is no value (a rerun leaves the field as it is). */
export function cellValue(column: ImportColumn, raw: string): Cell | null {
  const text = raw.trim();
  if (text === '') return null;
  switch (column.kind) {
    case 'choice':
      return { value: choice(column, text) };
    case 'number':
    case 'integer': {
      const value = numberOf(text);
      if (!Number.isFinite(value)) return { error: IMPORT_MESSAGES.notANumber(column.label) };
      if (column.kind === 'integer' && !Number.isInteger(value)) return { error: IMPORT_MESSAGES.notAWholeNumber(column.label) };
      return { value };
    }
    case 'boolean': {
      const lower = text.toLowerCase();
      if (YES.has(lower)) return { value: true };
      if (NO.has(lower)) return { value: false };
      return { error: IMPORT_MESSAGES.notAYesNo(column.label) };
    }
    case 'date': {
      if (DAY.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`))) return { value: `${text}T00:00:00.000Z` };
      if (INSTANT.test(text) && !Number.isNaN(Date.parse(text))) return { value: text };
      return { error: IMPORT_MESSAGES.notADate(column.label) };
    }
    case 'list': {
      const items = text
        .split(/[,;|]/)
        .map((item) => item.trim())
        .filter(Boolean);
      return { value: items.map((item) => choice(column, item)) };
    }
    case 'numbers': {
      const items = text
        .split(/[,;|]/)
        .map((item) => item.trim())
        .filter(Boolean);
      if (!items.every((item) => /^\d+$/.test(item))) return { error: IMPORT_MESSAGES.notAWholeNumber(column.label) };
      return { value: items.map(Number) };
    }
    default:
      return { value: text };
  }
}

/** The body a row makes (API field names), and its cells' problems; row numbers count the header as row 1. */
export function rowToBody(
  columns: readonly ImportColumn[],
  mapping: ImportMapping,
  headers: readonly string[],
  cells: readonly string[],
  row: number,
): { body: Record<string, unknown>; errors: ImportRowError[] } {
  const byField = new Map(columns.map((column) => [column.field, column]));
  const body: Record<string, unknown> = {};
  const errors: ImportRowError[] = [];
  headers.forEach((header, index) => {
    const field = mapping[header];
    const column = field ? byField.get(field) : undefined;
    if (!column) return;
    const cell = cellValue(column, cells[index] ?? '');
    if (cell === null) return;
    if ('error' in cell) errors.push({ row, field: column.field, message: cell.error });
    else body[column.field] = cell.value;
  });
  return { body, errors };
}

/** A project's slug from its name: lower case words joined by dashes. */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 300);
}
