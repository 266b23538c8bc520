import type { SortDirection } from '@crm/domain';
import { type ListSort, type ListState, toListFilter } from '../list/list-state';
import { allOf, type FilterDef, filterConditions } from './filter-defs';
import { searchCondition, searchKeyword } from './search-query';
import type { ExtraFilters, TableFilterState } from './table-state';

// How a list screen's state becomes its call (docs/api.md 'The list filter'): paging, one sort key, the select and
// populate the columns need, and a `query` of the fixed conditions, the contract's filters and the screen's own.

export interface TableRequestInput<X> {
  state: ListState<TableFilterState<X>>;
  defs: readonly FilterDef[];
  extra?: ExtraFilters<X> | undefined;
  /** Conditions every request carries (a customer's leads). */
  fixed?: Record<string, unknown> | undefined;
  defaultSort: ListSort;
  sortable: readonly string[];
  select: readonly string[];
  populate?: readonly unknown[] | undefined;
  /** The fields the search box matches; empty when the list has none. */
  searchable: readonly string[];
  now: Date;
  timeZone?: string | null | undefined;
}

export interface TableRequest {
  filter: {
    page: number;
    limit: number;
    sort: Partial<Record<string, SortDirection>>;
    query: Record<string, unknown>;
    select: string[];
    populate?: unknown[];
  };
  /** The search text as sent (trimmed, regex-escaped), for the `search` call. */
  keyword: string | undefined;
  /** Every row of the same filter and search, in the same order, for the export (which takes no keyword). */
  exportFilter: { query: Record<string, unknown>; sort: Record<string, SortDirection> };
}

export function tableRequest<X>(input: TableRequestInput<X>): TableRequest {
  const { state, defs, extra } = input;
  const conditions = [
    ...(input.fixed ? [input.fixed] : []),
    ...filterConditions(defs, state.filters.values, input.now, input.timeZone),
    ...(extra && state.filters.extra !== null ? extra.conditions(state.filters.extra) : []),
  ];
  const keyword = input.searchable.length ? searchKeyword(state.filters.search) : undefined;
  const query = allOf(conditions);
  const filter = toListFilter(state, input.defaultSort, input.sortable, {
    query,
    select: [...input.select],
    ...(input.populate?.length ? { populate: [...input.populate] } : {}),
  });
  const search = searchCondition(input.searchable, keyword);
  const sort: Record<string, SortDirection> = {};
  for (const [field, direction] of Object.entries(filter.sort)) if (direction !== undefined) sort[field] = direction;
  return { filter, keyword, exportFilter: { query: search ? allOf([...conditions, search]) : query, sort } };
}
