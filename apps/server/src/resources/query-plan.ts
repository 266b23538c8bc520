import { LIST_FILTER_LIMITS, ListFilterSchema, normalizePaging, type ListFilter, type Paging, type PopulateItem } from '@crm/domain';
import { AppError } from '../core/app-error.js';
import { zodIssuesToFields } from '../core/error-envelope.js';
import { compileQuery, filterError, isPlainObject } from './filter-compiler.js';
import type { Access } from './resource-access.js';
import type { FieldDef, PopulateDef, ResourceDefinition, Where } from './resource.types.js';
import { searchWhere } from './search-plan.js';

// From the raw `filter` (JSON text or object) to the Prisma arguments of one query: where, orderBy, select.

/** Parses `?filter=` (JSON text) or an already-decoded object (tRPC); malformed input is a 400. */
export function parseListFilter(raw: unknown): ListFilter {
  let value: unknown = raw;
  if (raw === undefined || raw === null || raw === '') return {};
  if (typeof raw === 'string') {
    if (raw.length > LIST_FILTER_LIMITS.MAX_JSON_LENGTH) throw filterError('filter', 'The filter is too long.');
    try {
      value = JSON.parse(raw);
    } catch {
      throw AppError.validation({ filter: ['The filter is not valid JSON.'] }, 'Invalid filter: malformed JSON');
    }
  }
  if (!isPlainObject(value)) throw filterError('filter', 'The filter must be a JSON object.');
  const parsed = ListFilterSchema.safeParse(value);
  if (!parsed.success) {
    const fields = Object.fromEntries(
      Object.entries(zodIssuesToFields(parsed.error.issues)).map(([key, messages]) => [key === '_' ? 'filter' : `filter.${key}`, messages]),
    );
    const first = Object.values(fields)[0]?.[0] ?? 'Invalid filter.';
    throw AppError.validation(fields, `Invalid filter: ${first}`);
  }
  return parsed.data;
}

export type OrderBy = Record<string, unknown>[];

export interface SortPlan {
  field: FieldDef;
  direction: 'asc' | 'desc';
  orderBy: OrderBy;
}

export function planSort(def: ResourceDefinition, filter: ListFilter, access: Access): SortPlan {
  const entry = filter.sort && Object.entries(filter.sort)[0];
  const [name, dir] = entry ?? [def.defaultSort.field, def.defaultSort.direction];
  const field = def.fields.get(name);
  if (!field || (entry && !def.sortable.has(name))) throw filterError(`filter.sort.${name}`, `Cannot sort by '${name}'.`);
  if (field.sensitive && !access.sensitive) throw AppError.forbidden(`You do not have permission to sort by ${name}.`);
  const direction = dir === 1 ? 'asc' : 'desc';
  // Empty values last in both directions; `id` breaks ties so pages and export batches are stable.
  const primary = field.nullable ? { [field.column]: { sort: direction, nulls: 'last' } } : { [field.column]: direction };
  return { field, direction, orderBy: field.column === 'id' ? [primary] : [primary, { id: direction }] };
}

function visible(fields: Iterable<FieldDef>, access: Access) {
  return [...fields].filter((f) => !f.sensitive || access.sensitive);
}

function pickFields(all: Map<string, FieldDef>, names: readonly string[], path: string): FieldDef[] {
  return names.map((name) => {
    const field = all.get(name);
    if (!field) throw filterError(path, `Unknown field '${name}'.`);
    return field;
  });
}

export interface SelectPlan {
  /** Prisma `select`. */
  select: Record<string, unknown>;
  /** The fields answered, in order. */
  fields: FieldDef[];
  populate: { def: PopulateDef; fields: FieldDef[] }[];
}

export function planSelect(
  def: ResourceDefinition,
  filter: Pick<ListFilter, 'select' | 'populate'>,
  access: Access,
  extraColumns: string[] = [],
): SelectPlan {
  // A populate name in `select` (Mongoose habit) is served by the populate itself.
  const names = filter.select?.length
    ? filter.select.filter((n) => n !== '_id' && (def.fields.has(n) || !def.populate.has(n)))
    : def.defaultSelect;
  const picked = pickFields(def.fields, names, 'filter.select');
  const fields = visible([def.fields.get('_id') as FieldDef, ...picked.filter((f) => f.name !== '_id')], access);
  const select: Record<string, unknown> = {};
  for (const f of fields) select[f.column] = true;
  for (const column of extraColumns) select[column] = true;
  const populate = (filter.populate ?? []).map((item: PopulateItem) => {
    const pop = def.populate.get(item.path);
    if (!pop) throw filterError('filter.populate', `Cannot populate '${item.path}'.`);
    const chosen = item.select?.length ? item.select.filter((n) => n !== '_id') : pop.defaultSelect;
    const relFields = visible(
      [
        pop.fields.get('_id') as FieldDef,
        ...pickFields(pop.fields, chosen, `filter.populate.${item.path}`).filter((f) => f.name !== '_id'),
      ],
      access,
    );
    // Two populates may read one relation (`listing` and `listings` of a lead): the query reads both selections.
    const earlier = (select[pop.relation] as { select?: Record<string, true> } | undefined)?.select ?? {};
    const relSelect = { ...earlier, ...Object.fromEntries(relFields.map((f) => [f.column, true])) };
    select[pop.relation] = pop.many && !pop.fromOne ? { select: relSelect, take: pop.take, orderBy: { id: 'asc' } } : { select: relSelect };
    return { def: pop, fields: relFields };
  });
  return { select, fields, populate };
}

/** Tenancy, soft delete and the rows the caller may see: the part of every where clause the caller cannot change. */
export function scopeWhere(def: ResourceDefinition, access: Access, options: { deleted?: boolean | 'any' } = {}): Where {
  const where: Where = def.scope === 'asset' ? { assetId: access.assetId } : { companyId: access.actor.companyId };
  if (def.softDelete && options.deleted !== 'any') where.deletedAt = options.deleted ? { not: null } : null;
  if (access.rows) where.AND = [access.rows];
  return where;
}

export interface QueryPlan {
  where: Where;
  sort: SortPlan;
  selection: SelectPlan;
  paging: Paging;
}

export function planQuery(
  def: ResourceDefinition,
  filter: ListFilter,
  access: Access,
  options: { keyword?: string | undefined } = {},
): QueryPlan {
  // The asset's custom fields (when the service read them) may be filtered as `customFields.<key>`.
  const custom = access.custom?.filters ?? [];
  const fields = custom.length ? new Map([...def.fields, ...custom.map((f) => [f.name, f] as const)]) : def.fields;
  const parts = [
    scopeWhere(def, access, { deleted: filter.deleted ?? false }),
    compileQuery(fields, filter.query, { sensitive: access.sensitive, keys: def.facts.filterKeys }),
  ];
  const search = searchWhere(def, options.keyword, access);
  if (search) parts.push(search);
  return {
    where: { AND: parts.filter((p) => Object.keys(p).length > 0) },
    sort: planSort(def, filter, access),
    selection: planSelect(def, filter, access),
    paging: normalizePaging(filter),
  };
}
