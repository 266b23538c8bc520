import { normalizePaging, paginatorMetaFor, type ListFilter, type PaginatorMeta } from '@crm/domain';
import { filterError, FILTER_LIMITS, isPlainObject, unescapeRegex } from '../../resources/filter-compiler.js';

// docs/api.md 'The list filter' over a static list in memory (countries, currencies...): the same paging,
// one-key sort, select and Mongo-style `query` as the database lists, limited to the list's own fields.

type Scalar = string | number | boolean | null;
/** An item of a static list: `_id` and scalar fields (optional ones absent). */
export type StaticItem = { _id: string } & Record<string, Scalar | undefined>;

const OPERATORS = new Set(['$eq', '$ne', '$in', '$nin', '$gt', '$gte', '$lt', '$lte', '$exists', '$regex', '$options']);

function compare(a: Scalar, b: Scalar): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a === 'string' && typeof b === 'string') return a.localeCompare(b, 'en', { sensitivity: 'base' });
  return a < b ? -1 : 1;
}

function scalarOf(value: unknown, path: string): Scalar {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    if (typeof value === 'string' && value.length > FILTER_LIMITS.MAX_STRING) throw filterError(path, 'Value is too long.');
    return value;
  }
  throw filterError(path, 'Expected a string, number, boolean or null.');
}

type Predicate = (item: StaticItem) => boolean;

function fieldPredicate(field: string, spec: unknown, path: string): Predicate {
  if (!isPlainObject(spec)) {
    const expected = scalarOf(spec, path);
    return (item) => item[field] === expected;
  }
  const tests: Predicate[] = [];
  for (const [op, raw] of Object.entries(spec)) {
    if (!OPERATORS.has(op)) throw filterError(`${path}.${op}`, `Unknown operator '${op}'.`);
    const at = `${path}.${op}`;
    switch (op) {
      case '$eq':
      case '$ne': {
        const expected = scalarOf(raw, at);
        tests.push(op === '$eq' ? (item) => item[field] === expected : (item) => item[field] !== expected);
        break;
      }
      case '$in':
      case '$nin': {
        if (!Array.isArray(raw) || raw.length > FILTER_LIMITS.MAX_IN)
          throw filterError(at, `${op} expects a list of at most ${FILTER_LIMITS.MAX_IN} values.`);
        const values = new Set(raw.map((v, i) => scalarOf(v, `${at}.${i}`)));
        tests.push(op === '$in' ? (item) => values.has(item[field] ?? null) : (item) => !values.has(item[field] ?? null));
        break;
      }
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte': {
        const bound = scalarOf(raw, at);
        const ok = { $gt: (c: number) => c > 0, $gte: (c: number) => c >= 0, $lt: (c: number) => c < 0, $lte: (c: number) => c <= 0 }[op];
        tests.push((item) => item[field] !== null && item[field] !== undefined && ok(compare(item[field] ?? null, bound)));
        break;
      }
      case '$exists':
        if (typeof raw !== 'boolean') throw filterError(at, '$exists expects true or false.');
        tests.push((item) => (item[field] !== null && item[field] !== undefined) === raw);
        break;
      case '$regex': {
        if (typeof raw !== 'string' || raw.length > FILTER_LIMITS.MAX_STRING) throw filterError(at, '$regex expects a string.');
        // Matched literally and case-insensitively, like the database lists.
        const needle = unescapeRegex(raw).toLowerCase();
        tests.push((item) => typeof item[field] === 'string' && String(item[field]).toLowerCase().includes(needle));
        break;
      }
      default:
        // $options: regex flags; matching is always case-insensitive.
        break;
    }
  }
  return (item) => tests.every((test) => test(item));
}

function compileQuery(query: Record<string, unknown>, fields: ReadonlySet<string>, path = 'filter.query', depth = 0): Predicate {
  if (depth > FILTER_LIMITS.MAX_DEPTH) throw filterError(path, 'The query is nested too deeply.');
  const parts: Predicate[] = [];
  for (const [key, value] of Object.entries(query)) {
    const at = `${path}.${key}`;
    if (key === '$or' || key === '$and') {
      if (!Array.isArray(value) || !value.length || value.length > FILTER_LIMITS.MAX_BRANCHES)
        throw filterError(at, `${key} expects 1 to ${FILTER_LIMITS.MAX_BRANCHES} conditions.`);
      const branches = value.map((branch, i) => {
        if (!isPlainObject(branch)) throw filterError(`${at}.${i}`, 'Each condition must be an object.');
        return compileQuery(branch, fields, `${at}.${i}`, depth + 1);
      });
      parts.push(key === '$or' ? (item) => branches.some((b) => b(item)) : (item) => branches.every((b) => b(item)));
      continue;
    }
    if (!Object.hasOwn(query, key) || !fields.has(key)) throw filterError(at, `Unknown field '${key}'.`);
    parts.push(fieldPredicate(key, value, at));
  }
  return (item) => parts.every((part) => part(item));
}

export interface StaticListOptions {
  /** The fields a filter may name (and select). */
  fields: readonly string[];
  /** Fields the `keyword` is looked for in. */
  keywordFields: readonly string[];
  defaultSort: string;
}

/** One page of `items` per the filter (and the typed keyword), in the usual list answer `{ data, meta }`. */
export function listStatic<T extends StaticItem>(
  items: readonly T[],
  filter: ListFilter,
  options: StaticListOptions,
  keyword?: string,
): { data: (Partial<T> & Pick<T, '_id'>)[]; meta: PaginatorMeta } {
  const fields = new Set(options.fields);
  const matches = filter.query ? compileQuery(filter.query, fields) : () => true;
  const text = keyword?.trim().toLowerCase();
  const hasText: Predicate = text
    ? (item) => options.keywordFields.some((f) => typeof item[f] === 'string' && String(item[f]).toLowerCase().includes(text))
    : () => true;
  let rows = items.filter((item) => matches(item) && hasText(item));

  const [sortField, direction] = Object.entries(filter.sort ?? {})[0] ?? [options.defaultSort, 1];
  if (!fields.has(sortField)) throw filterError(`filter.sort.${sortField}`, `Cannot sort by '${sortField}'.`);
  if (sortField !== options.defaultSort || direction !== 1)
    rows = [...rows].sort((a, b) => compare(a[sortField] ?? null, b[sortField] ?? null) * direction);

  const select = filter.select?.length ? filter.select : null;
  for (const name of select ?? []) if (!fields.has(name)) throw filterError('filter.select', `Unknown field '${name}'.`);
  const paging = normalizePaging(filter);
  const page = rows.slice(paging.offset, paging.offset + paging.limit);
  // A selected row holds `_id` and the named fields, each checked above to be one of the list's own.
  const data = select
    ? page.map((item) => Object.fromEntries(['_id', ...select].map((name) => [name, item[name] ?? null])) as Partial<T> & Pick<T, '_id'>)
    : page;
  return { data, meta: paginatorMetaFor(rows.length, paging) };
}
