import { type AnyField, type AnyResourceContract, escapeRegex } from '@crm/domain';
import { type DateFilter, dateFilterRange, parseDateFilter } from './date-filter';

// docs/product.md 'Lists': a list's filters come from its contract. Enum, boolean and distinct-valued fields are
// selects, dates a preset or a range; each becomes conditions of the list call's `query` (docs/api.md 'The list
// filter'), rebuilt at every request so a date preset stays current. Screens may add filters of their own kinds
// (custom fields): a text's part, a number range, a range of calendar days (values kept as 'YYYY-MM-DD').

export type FilterKind = 'values' | 'boolean' | 'date' | 'text' | 'range' | 'days';

/** A number range filter: either end may be open. */
export interface NumberRange {
  min: number | null;
  max: number | null;
}

/** A range of calendar days ('YYYY-MM-DD'), both ends included, compared as they are stored (no zone). */
export interface DayRange {
  from: string;
  to: string;
}

export interface FilterDef {
  key: string;
  label: string;
  kind: FilterKind;
  field: AnyField;
  /** An enum's values; null for a field whose options are its distinct values. */
  options: readonly string[] | null;
}

/** A field to filter by, or a field with its own label on this screen. */
export type FilterSpecOf<K extends string> = K | { field: K; label: string };

/** A multi-select's values, a Yes/No choice, a date filter, a text part, a range; null or [] when unset. */
export type FilterValue = string[] | boolean | DateFilter | NumberRange | string | null;
export type FilterValues = Readonly<Record<string, FilterValue>>;

function kindOf(field: AnyField): FilterKind | null {
  if (field.kind === 'boolean') return 'boolean';
  if (field.kind === 'date') return 'date';
  if (field.kind === 'enum' || field.distinct) return 'values';
  return null;
}

/**
 * The filters of a screen, in its order. A sensitive field is left out for a caller without
 * VIEW_SENSITIVE_INFORMATION (the server would refuse it); a field no control fits is a programming error.
 */
export function filterDefsOf(
  contract: AnyResourceContract,
  specs: readonly FilterSpecOf<string>[],
  sensitiveAllowed: boolean,
): FilterDef[] {
  return specs.flatMap((spec) => {
    const key = typeof spec === 'string' ? spec : spec.field;
    const field = contract.fields[key];
    if (!field) throw new Error(`${contract.name}: '${key}' is not a field`);
    if (field.sensitive && !sensitiveAllowed) return [];
    const kind = kindOf(field);
    if (!kind || !field.filterable) throw new Error(`${contract.name}: '${key}' cannot be a list filter`);
    const label = typeof spec === 'string' ? field.label : spec.label;
    return [{ key, label, kind, field, options: field.kind === 'enum' ? field.values : null }];
  });
}

export function emptyFilterValues(defs: readonly FilterDef[]): FilterValues {
  return Object.fromEntries(defs.map((def) => [def.key, def.kind === 'values' ? [] : null]));
}

function strings(value: unknown): string[] | null {
  return Array.isArray(value) && value.every((item): item is string => typeof item === 'string') ? value : null;
}

const bound = (value: unknown): number | null | undefined =>
  value === null || value === undefined ? null : typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** A number range as typed: null when both ends are open, undefined when it does not read. */
export function parseNumberRange(value: unknown): NumberRange | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object' || Array.isArray(value)) return undefined;
  const min = bound(Reflect.get(value, 'min'));
  const max = bound(Reflect.get(value, 'max'));
  if (min === undefined || max === undefined) return undefined;
  return min === null && max === null ? null : { min, max };
}

/** One cached value of a filter, or undefined when it no longer reads. */
function parseValue(def: FilterDef, value: unknown): FilterValue | undefined {
  switch (def.kind) {
    case 'values': {
      const list = strings(value ?? []);
      if (!list || (def.options && !list.every((item) => def.options?.includes(item)))) return undefined;
      return list;
    }
    case 'boolean':
      return value === null || value === undefined ? null : typeof value === 'boolean' ? value : undefined;
    case 'text':
      return value === null || value === undefined ? null : typeof value === 'string' ? value : undefined;
    case 'range':
      return parseNumberRange(value);
    case 'days': {
      const days = parseDateFilter(value);
      return days && 'preset' in days ? undefined : days;
    }
    case 'date':
      return parseDateFilter(value);
  }
}

/** Cached values read back (docs/product.md 'Lists'): null when any of them no longer reads. */
export function parseFilterValues(defs: readonly FilterDef[], raw: unknown): FilterValues | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const out: Record<string, FilterValue> = {};
  for (const def of defs) {
    const value = parseValue(def, Reflect.get(raw, def.key));
    if (value === undefined) return null;
    out[def.key] = value;
  }
  return out;
}

const isObject = (value: FilterValue): value is DateFilter | NumberRange =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Distinct values are strings in the select; a number field is queried with numbers. */
function typed(def: FilterDef, values: readonly string[]): (string | number)[] {
  return def.field.kind === 'int' || def.field.kind === 'number' ? values.map(Number) : [...values];
}

/** One condition per set filter, in the screen's order. */
export function filterConditions(
  defs: readonly FilterDef[],
  values: FilterValues,
  now: Date,
  timeZone?: string | null,
): Record<string, unknown>[] {
  const conditions: Record<string, unknown>[] = [];
  for (const def of defs) {
    const value = values[def.key] ?? null;
    if (Array.isArray(value) && value.length) conditions.push({ [def.key]: { $in: typed(def, value) } });
    else if (typeof value === 'boolean') conditions.push({ [def.key]: value });
    else if (def.kind === 'text' && typeof value === 'string' && value.trim())
      // A part of the text, literally and whatever its case (docs/api.md 'The list filter').
      conditions.push({ [def.key]: { $regex: escapeRegex(value.trim()), $options: 'i' } });
    else if (def.kind === 'range' && isObject(value) && 'min' in value) {
      const range = { ...(value.min !== null ? { $gte: value.min } : {}), ...(value.max !== null ? { $lte: value.max } : {}) };
      if (Object.keys(range).length) conditions.push({ [def.key]: range });
    } else if (def.kind === 'days' && isObject(value) && 'from' in value) {
      const [first, last] = value.from <= value.to ? [value.from, value.to] : [value.to, value.from];
      conditions.push({ [def.key]: { $gte: first, $lte: last } });
    } else if (def.kind === 'date' && isObject(value) && !('min' in value)) {
      const range = dateFilterRange(value, now, timeZone);
      if (range) conditions.push({ [def.key]: { $gte: range.from, $lte: range.to } });
    }
  }
  return conditions;
}

/** Conditions as one `query`: nothing, the only one, or all of them. */
export function allOf(conditions: readonly Record<string, unknown>[]): Record<string, unknown> {
  if (conditions.length === 0) return {};
  return conditions.length === 1 ? (conditions[0] ?? {}) : { $and: [...conditions] };
}

export function hasSetFilters(values: FilterValues): boolean {
  return Object.values(values).some((value) => (Array.isArray(value) ? value.length > 0 : value !== null && value !== ''));
}
