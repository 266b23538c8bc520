import type { AnyField, AnyResourceContract } from '@crm/domain';
import { type DateFilter, dateFilterRange, parseDateFilter } from './date-filter';

// docs/product.md 'Lists': a list's filters come from its contract. Enum, boolean and distinct-valued fields are
// selects, dates a preset or a range; each becomes conditions of the list call's `query` (docs/api.md 'The list
// filter'), rebuilt at every request so a date preset stays current.

export type FilterKind = 'values' | 'boolean' | 'date';

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

/** A multi-select's values, a Yes/No choice, a date filter; null or [] when unset. */
export type FilterValue = string[] | boolean | DateFilter | null;
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

/** Cached values read back (docs/product.md 'Lists'): null when any of them no longer reads. */
export function parseFilterValues(defs: readonly FilterDef[], raw: unknown): FilterValues | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const out: Record<string, FilterValue> = {};
  for (const def of defs) {
    const value: unknown = Reflect.get(raw, def.key);
    if (def.kind === 'values') {
      const list = strings(value ?? []);
      if (!list || (def.options && !list.every((item) => def.options?.includes(item)))) return null;
      out[def.key] = list;
    } else if (def.kind === 'boolean') {
      if (value !== null && value !== undefined && typeof value !== 'boolean') return null;
      out[def.key] = value ?? null;
    } else {
      const date = parseDateFilter(value);
      if (date === undefined) return null;
      out[def.key] = date;
    }
  }
  return out;
}

const isDate = (value: FilterValue): value is DateFilter => typeof value === 'object' && value !== null && !Array.isArray(value);

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
    else if (isDate(value)) {
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
  return Object.values(values).some((value) => (Array.isArray(value) ? value.length > 0 : value !== null));
}
