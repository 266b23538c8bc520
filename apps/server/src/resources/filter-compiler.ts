import { AppError } from '../core/app-error.js';
import { jsonCondition } from './filter-json.js';
import type { FieldDef, Where } from './resource.types.js';

// Mongo-style `query` -> Prisma `where`. Only whitelisted fields, only the listed operators, values checked
// against the field's type: anything else is a 400 naming the problem. No input ever reaches SQL as text:
// Prisma binds every value, and `$regex` is a literal, case-insensitive substring match.

export const FILTER_LIMITS = { MAX_DEPTH: 4, MAX_BRANCHES: 20, MAX_IN: 500, MAX_CONDITIONS: 100, MAX_STRING: 500 } as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const INT32 = 2_147_483_647;

/** Matches no row (Prisma renders `IN ()` as false). */
export const MATCH_NONE: Where = { id: { in: [] } };
export const MATCH_ALL: Where = {};

export function filterError(path: string, message: string): AppError {
  return AppError.validation({ [path]: [message] }, `Invalid filter: ${message}`);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** One value of a field's element type, or a 400. */
export function coerceScalar(field: FieldDef, value: unknown, path: string): string | number | boolean | Date {
  const type = field.type === 'string[]' ? 'string' : field.type === 'int[]' ? 'int' : field.type;
  const bad = (expected: string) => filterError(path, `'${field.name}' expects ${expected}.`);
  switch (type) {
    case 'string':
    case 'enum':
      if (typeof value !== 'string') throw bad('a string');
      if (value.length > FILTER_LIMITS.MAX_STRING) throw filterError(path, `Value of '${field.name}' is too long.`);
      if (type === 'enum' && !field.values?.includes(value))
        throw filterError(path, `'${field.name}' must be one of: ${field.values?.join(', ')}.`);
      return value;
    case 'uuid':
      if (!isUuid(value)) throw bad('an id');
      return value.toLowerCase();
    case 'int':
      if (typeof value !== 'number' || !Number.isInteger(value) || Math.abs(value) > INT32) throw bad('an integer');
      return value;
    case 'float':
    case 'decimal':
      if (typeof value !== 'number' || !Number.isFinite(value)) throw bad('a number');
      return value;
    case 'boolean':
      if (typeof value !== 'boolean') throw bad('true or false');
      return value;
    case 'date': {
      const date = typeof value === 'string' && ISO_DATE.test(value) ? new Date(value) : typeof value === 'number' ? new Date(value) : null;
      if (!date || Number.isNaN(date.getTime())) throw bad('an ISO date');
      return date;
    }
    default:
      throw filterError(path, `'${field.name}' cannot be filtered.`);
  }
}

/** A filter key beyond the contract's fields (the leads' `assignment`): its value, checked, as a where clause. */
export type FilterKey = (value: unknown, path: string) => Where;

interface CompileState {
  conditions: number;
  fields: ReadonlyMap<string, FieldDef>;
  keys: Readonly<Record<string, FilterKey>>;
  /** May the caller filter on sensitive fields? */
  sensitive: boolean;
}

function isArrayField(field: FieldDef) {
  return field.type === 'string[]' || field.type === 'int[]';
}

function nullMatch(field: FieldDef, wantNull: boolean): Where {
  // Array columns are never NULL (they default to '{}'), like non-nullable ones.
  if (!field.nullable || isArrayField(field)) return wantNull ? MATCH_NONE : MATCH_ALL;
  return wantNull ? { [field.column]: null } : { [field.column]: { not: null } };
}

function list(field: FieldDef, value: unknown, path: string) {
  if (!Array.isArray(value)) throw filterError(path, `'${field.name}' expects an array here.`);
  if (value.length > FILTER_LIMITS.MAX_IN) throw filterError(path, `At most ${FILTER_LIMITS.MAX_IN} values are allowed.`);
  const values = value.filter((v) => v !== null).map((v, i) => coerceScalar(field, v, `${path}.${i}`));
  return { values, hasNull: values.length !== value.length };
}

function eq(field: FieldDef, value: unknown, path: string): Where {
  if (value === null) return nullMatch(field, true);
  if (Array.isArray(value)) {
    if (!isArrayField(field)) throw filterError(path, `'${field.name}' expects one value; use $in for several.`);
    return { [field.column]: { equals: list(field, value, path).values } };
  }
  const scalar = coerceScalar(field, value, path);
  return isArrayField(field) ? { [field.column]: { has: scalar } } : { [field.column]: scalar };
}

function ne(field: FieldDef, value: unknown, path: string): Where {
  if (value === null) return nullMatch(field, false);
  if (Array.isArray(value)) throw filterError(path, `$ne expects one value; use $nin for several.`);
  const scalar = coerceScalar(field, value, path);
  if (isArrayField(field)) return { NOT: { [field.column]: { has: scalar } } };
  // Mongo's $ne also matches missing values; SQL's <> does not, so say it explicitly.
  return field.nullable ? { OR: [{ [field.column]: { not: scalar } }, { [field.column]: null }] } : { [field.column]: { not: scalar } };
}

function inList(field: FieldDef, value: unknown, path: string, negate: boolean): Where {
  const { values, hasNull } = list(field, value, path);
  if (isArrayField(field)) {
    if (hasNull) throw filterError(path, `'${field.name}' holds no null values.`);
    const some = values.length ? { [field.column]: { hasSome: values } } : MATCH_NONE;
    return negate ? (values.length ? { NOT: some } : MATCH_ALL) : some;
  }
  if (!negate) {
    const parts: Where[] = [];
    if (values.length) parts.push({ [field.column]: { in: values } });
    if (hasNull) parts.push(nullMatch(field, true));
    return parts.length === 0 ? MATCH_NONE : parts.length === 1 ? (parts[0] as Where) : { OR: parts };
  }
  const notIn: Where = values.length ? { [field.column]: { notIn: values } } : MATCH_ALL;
  if (hasNull) return { AND: [notIn, nullMatch(field, false)] };
  return field.nullable && values.length ? { OR: [notIn, { [field.column]: null }] } : notIn;
}

function compare(field: FieldDef, op: 'gt' | 'gte' | 'lt' | 'lte', value: unknown, path: string): Where {
  if (isArrayField(field) || field.type === 'boolean') throw filterError(path, `$${op} does not apply to '${field.name}'.`);
  if (value === null || Array.isArray(value)) throw filterError(path, `$${op} expects one value.`);
  return { [field.column]: { [op]: coerceScalar(field, value, path) } };
}

function regex(field: FieldDef, value: unknown, path: string): Where {
  if (field.type !== 'string' && field.type !== 'enum') throw filterError(path, `$regex does not apply to '${field.name}'.`);
  if (typeof value !== 'string') throw filterError(path, '$regex expects a string.');
  if (value.length > FILTER_LIMITS.MAX_STRING) throw filterError(path, '$regex value is too long.');
  return containsLiteral(field.column, value);
}

/**
 * The browser escapes regex specials before sending (domain `escapeRegex`); integrators may not.
 * Either way the text is matched literally: `\.` and `.` both mean a dot.
 */
export function unescapeRegex(value: string): string {
  return value.replace(/\\([.*+?^${}()|[\]\\/])/g, '$1');
}

/** A case-insensitive literal substring match. */
export function containsLiteral(column: string, text: string): Where {
  return { [column]: { contains: escapeLike(unescapeRegex(text)), mode: 'insensitive' } };
}

/**
 * Prisma passes `contains` into LIKE without escaping the wildcards: escape `\`, `%` and `_` so the text
 * is matched literally (PostgreSQL's default LIKE escape character is the backslash).
 */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function operators(field: FieldDef, spec: Record<string, unknown>, path: string): Where {
  const keys = Object.keys(spec);
  if (keys.length === 0) throw filterError(path, `Empty condition for '${field.name}'.`);
  const parts: Where[] = [];
  for (const op of keys) {
    const value = spec[op];
    const at = `${path}.${op}`;
    switch (op) {
      case '$eq':
        parts.push(eq(field, value, at));
        break;
      case '$ne':
        parts.push(ne(field, value, at));
        break;
      case '$in':
        parts.push(inList(field, value, at, false));
        break;
      case '$nin':
        parts.push(inList(field, value, at, true));
        break;
      case '$gt':
        parts.push(compare(field, 'gt', value, at));
        break;
      case '$gte':
        parts.push(compare(field, 'gte', value, at));
        break;
      case '$lt':
        parts.push(compare(field, 'lt', value, at));
        break;
      case '$lte':
        parts.push(compare(field, 'lte', value, at));
        break;
      case '$regex':
        parts.push(regex(field, value, at));
        break;
      case '$options':
        // Accepted for Mongo compatibility; matching is always case-insensitive.
        if (typeof value !== 'string' || !/^[imsx]{0,4}$/.test(value) || !('$regex' in spec))
          throw filterError(at, '$options goes with $regex (flags i, m, s, x).');
        break;
      case '$exists':
        if (typeof value !== 'boolean') throw filterError(at, '$exists expects true or false.');
        parts.push(nullMatch(field, !value));
        break;
      default:
        throw filterError(
          at,
          op.startsWith('$') ? `Unknown operator '${op}'.` : `'${field.name}' expects a value or operators, not an object.`,
        );
    }
  }
  return parts.length === 1 ? (parts[0] as Where) : { AND: parts };
}

function compileLevel(query: unknown, path: string, depth: number, state: CompileState): Where {
  if (!isPlainObject(query)) throw filterError(path, 'Conditions must be an object.');
  const parts: Where[] = [];
  for (const key of Object.keys(query)) {
    const value = query[key];
    const at = `${path}.${key}`;
    if (++state.conditions > FILTER_LIMITS.MAX_CONDITIONS)
      throw filterError(path, `At most ${FILTER_LIMITS.MAX_CONDITIONS} conditions are allowed.`);
    if (key === '$or' || key === '$and') {
      if (depth >= FILTER_LIMITS.MAX_DEPTH) throw filterError(at, `Conditions nest at most ${FILTER_LIMITS.MAX_DEPTH} levels deep.`);
      if (!Array.isArray(value) || value.length === 0 || value.length > FILTER_LIMITS.MAX_BRANCHES) {
        throw filterError(at, `${key} expects an array of 1 to ${FILTER_LIMITS.MAX_BRANCHES} condition objects.`);
      }
      const branches = value.map((branch, i) => compileLevel(branch, `${at}.${i}`, depth + 1, state));
      parts.push(key === '$or' ? { OR: branches } : { AND: branches });
      continue;
    }
    if (key.startsWith('$')) throw filterError(at, `Unknown operator '${key}'.`);
    const own = Object.hasOwn(state.keys, key) ? state.keys[key] : undefined;
    if (own) {
      parts.push(own(value, at));
      continue;
    }
    const field = state.fields.get(key);
    if (!field?.filterable) throw filterError(at, `Unknown field '${key}'.`);
    if (field.sensitive && !state.sensitive) throw AppError.forbidden(`You do not have permission to filter by ${key}.`);
    if (field.jsonKey) parts.push(jsonCondition(field, value, at));
    else parts.push(isPlainObject(value) ? operators(field, value, at) : eq(field, value, at));
  }
  return parts.length === 1 ? (parts[0] as Where) : { AND: parts };
}

/** Compiles a filter's `query` for a resource's fields. */
export function compileQuery(
  fields: ReadonlyMap<string, FieldDef>,
  query: unknown,
  options: { sensitive: boolean; keys?: Readonly<Record<string, FilterKey>> | undefined },
): Where {
  if (query === undefined) return MATCH_ALL;
  return compileLevel(query, 'filter.query', 0, { conditions: 0, fields, keys: options.keys ?? {}, sensitive: options.sensitive });
}
