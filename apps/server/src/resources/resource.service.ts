import { LIST_PAGING, MESSAGES, paginatorMetaFor, type PaginatorMeta } from '@crm/domain';
import type { Actor } from '../core/actor.js';
import { AppError } from '../core/app-error.js';
import { cachedCount } from './count-cache.js';
import { withCustomFields } from './custom-field-rules.js';
import { fromAnchor, readPageAnchor } from './page-anchor.js';
import { filterError, isUuid } from './filter-compiler.js';
import { planQuery, planSelect, parseListFilter, scopeWhere, type QueryPlan } from './query-plan.js';
import { authorize, type Access } from './resource-access.js';
import { delegateOf } from './resource-delegate.js';
import { serializeRow } from './resource-serializer.js';
import type { ApiRecord, ResourceDefinition, ResourceDeps, Row, Where } from './resource.types.js';

// The read side of every resource: list, count, one, by id, search, distinct. REST and tRPC both call these.

export interface ResourceCall {
  deps: ResourceDeps;
  actor: Actor;
}

export function notFound(def: ResourceDefinition): AppError {
  return AppError.notFound(`${def.label.charAt(0).toUpperCase()}${def.label.slice(1)} not found`);
}

/** Pages from this offset on read the page's ids first, then its rows (see pageRows). */
export const DEEP_PAGE_OFFSET = 1000;

/** The matches' count: cached per filter for resources that opt in (count-cache.ts), else straight from the database. */
export function countMatches(call: ResourceCall, def: ResourceDefinition, access: Access, where: Where): Promise<number> {
  const count = () => delegateOf(call.deps.db, def.model).count({ where });
  return def.facts.cachedCount ? cachedCount(call.deps, def, access, where, count) : count();
}

/**
 * One page of rows. A deep page (OFFSET in the thousands) first reads only the ids of the page: the database
 * skips the earlier rows inside the sort index (an index-only scan where the index covers the filter) instead
 * of fetching each skipped row, then the page's rows are read by id, in the page's order.
 */
async function pageRows(call: ResourceCall, def: ResourceDefinition, plan: QueryPlan, access: Access): Promise<Row[]> {
  const model = delegateOf(call.deps.db, def.model);
  const { offset, limit } = plan.paging;
  const args = { where: plan.where, orderBy: plan.sort.orderBy, skip: offset, take: limit };
  if (offset < DEEP_PAGE_OFFSET) return model.findMany({ ...args, select: plan.selection.select });
  // A deep page read before (or the page after one) starts at its remembered sort key (page-anchor.ts).
  const anchored = await readPageAnchor(call.deps, def, access, plan);
  if (anchored?.anchor) {
    return model.findMany({
      where: { AND: [plan.where, fromAnchor(plan, anchored.anchor)] },
      orderBy: plan.sort.orderBy,
      take: limit,
      select: plan.selection.select,
    });
  }
  const sortColumn = plan.sort.field.column;
  const keys = await model.findMany({ ...args, select: { id: true, [sortColumn]: true } });
  if (!keys.length) return [];
  const ids = keys.map((row) => row.id);
  const rows = await model.findMany({ where: { id: { in: ids } }, select: { ...plan.selection.select, id: true } });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const first = keys[0];
  const last = keys.at(-1);
  if (anchored && first && last) await anchored.remember(first, last);
  return ids.map((id) => byId.get(id)).filter((row): row is Row => row !== undefined);
}

export async function listRecords(
  call: ResourceCall,
  def: ResourceDefinition,
  rawFilter: unknown,
  options: { keyword?: string | undefined } = {},
): Promise<{ data: ApiRecord[]; meta: PaginatorMeta }> {
  const access = await withCustomFields(call.deps.db, def, authorize(def, call, 'read'));
  const plan = planQuery(def, parseListFilter(rawFilter), access, options);
  if (plan.paging.all) {
    // Every row, for a lookup: counted first, so a table too large is refused before it is read.
    const total = await countMatches(call, def, access, plan.where);
    if (total > LIST_PAGING.ALL_MAX_ROWS) throw filterError('filter.limit', MESSAGES.common.tooManyRows(LIST_PAGING.ALL_MAX_ROWS));
    const rows = await pageRows(call, def, plan, access);
    return { data: rows.map((row) => serializeRow(row, plan.selection)), meta: paginatorMetaFor(total, plan.paging) };
  }
  const [rows, total] = await Promise.all([pageRows(call, def, plan, access), countMatches(call, def, access, plan.where)]);
  return { data: rows.map((row) => serializeRow(row, plan.selection)), meta: paginatorMetaFor(total, plan.paging) };
}

/**
 * GET {path}/search: the list, narrowed by a case-insensitive match of `keyword` over the search fields (only those
 * the caller may see: a match on a hidden field would reveal it), paged like the list.
 */
export function searchRecords(call: ResourceCall, def: ResourceDefinition, rawFilter: unknown, keyword: string | undefined) {
  return listRecords(call, def, rawFilter, { keyword });
}

export async function countRecords(call: ResourceCall, def: ResourceDefinition, rawFilter: unknown): Promise<{ count: number }> {
  const access = await withCustomFields(call.deps.db, def, authorize(def, call, 'read'));
  const plan = planQuery(def, parseListFilter(rawFilter), access);
  return { count: await countMatches(call, def, access, plan.where) };
}

export async function findOneRecord(call: ResourceCall, def: ResourceDefinition, rawFilter: unknown): Promise<ApiRecord> {
  const access = await withCustomFields(call.deps.db, def, authorize(def, call, 'read'));
  const plan = planQuery(def, parseListFilter(rawFilter), access);
  const row = await delegateOf(call.deps.db, def.model).findFirst({
    where: plan.where,
    orderBy: plan.sort.orderBy,
    select: plan.selection.select,
  });
  if (!row) throw notFound(def);
  return serializeRow(row, plan.selection);
}

/** A record of the caller's tenancy by id; another asset's record answers 404 exactly like a missing one. */
export async function findRecordById(call: ResourceCall, def: ResourceDefinition, id: string, rawFilter?: unknown): Promise<ApiRecord> {
  const access = authorize(def, call, 'read');
  if (!isUuid(id)) throw notFound(def);
  const filter = parseListFilter(rawFilter);
  const plan = planQuery(def, filter, access);
  const row = await delegateOf(call.deps.db, def.model).findFirst({
    where: { AND: [...(plan.where.AND as Where[]), { id }] },
    select: plan.selection.select,
  });
  if (!row) throw notFound(def);
  return serializeRow(row, plan.selection);
}

export async function distinctValues(
  call: ResourceCall,
  def: ResourceDefinition,
  fieldName: string,
  rawFilter: unknown,
): Promise<(string | number | boolean)[]> {
  const access = authorize(def, call, 'read');
  const field = def.fields.get(fieldName);
  if (!field || !def.distinct.has(fieldName)) throw filterError('field', `No distinct values for '${fieldName}'.`);
  if (field.sensitive && !access.sensitive) throw AppError.forbidden();
  const plan = planQuery(def, parseListFilter(rawFilter), access);
  const rows = await delegateOf(call.deps.db, def.model).groupBy({
    by: [field.column],
    where: field.nullable ? { AND: [plan.where, { [field.column]: { not: null } }] } : plan.where,
    orderBy: { [field.column]: 'asc' },
    take: LIST_PAGING.ALL_MAX_ROWS,
  });
  // A distinct field is a scalar column (resource-define refuses lists and json): its values are scalars.
  return rows.map((row) => serializeRow(row, { fields: [field], populate: [] })[field.name] as string | number | boolean);
}

/** The stored row of the caller's tenancy (any deletion state unless told), for the write side. */
export async function loadScoped(
  db: ResourceDeps['db'] | Parameters<typeof delegateOf>[0],
  def: ResourceDefinition,
  access: Access,
  id: string,
  deleted: boolean | 'any',
): Promise<Row> {
  if (!isUuid(id)) throw notFound(def);
  const row = await delegateOf(db, def.model).findFirst({ where: { ...scopeWhere(def, access, { deleted }), id } });
  if (!row) throw notFound(def);
  return row;
}

export function defaultSelection(def: ResourceDefinition, access: Access) {
  return planSelect(def, {}, access);
}
