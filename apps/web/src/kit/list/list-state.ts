import { DEFAULT_PAGE_SIZE, normalizePaging, SORT_ASC, SORT_DESC, type SortDirection } from '@crm/domain';

// docs/product.md 'Lists': the state one list screen keeps (page, page size, one sort key, its filters)
// and how it becomes the `filter` of a generic list call (docs/api.md 'The list filter').

export type SortOrder = 'ascend' | 'descend';

export interface ListSort {
  field: string;
  order: SortOrder;
}

export interface ListState<F> {
  page: number;
  limit: number;
  /** null: the screen's default sort (clearing the sort comes back here). */
  sort: ListSort | null;
  filters: F;
}

export function initialListState<F>(filters: F, limit: number = DEFAULT_PAGE_SIZE): ListState<F> {
  return { page: 1, limit, sort: null, filters };
}

/** Page 0 or lower becomes 1; page size 0 or lower becomes 10 (the domain's paging rule). */
export function normalizeListPaging(page: number, limit: number): { page: number; limit: number } {
  const paging = normalizePaging({ page, limit });
  return { page: paging.page, limit: paging.limit };
}

/** A page change; a new page size starts again at page 1 (the old page may not exist any more). */
export function withPage<F>(state: ListState<F>, page: number, limit: number = state.limit): ListState<F> {
  const next = normalizeListPaging(limit === state.limit ? page : 1, limit);
  return { ...state, ...next };
}

/** New filters always start at page 1. */
export function withFilters<F>(state: ListState<F>, filters: F): ListState<F> {
  return { ...state, filters, page: 1 };
}

export function withSort<F>(state: ListState<F>, sort: ListSort | null): ListState<F> {
  return { ...state, sort, page: 1 };
}

/** What antd's Table reports in onChange's sorter (one column; several only with multiple sorting). */
export interface TableSorterLike {
  field?: unknown;
  columnKey?: unknown;
  order?: SortOrder | null;
}

/** One sort key: the first sorted column of the table's report, or null when the sort was cleared. */
export function sortFromTable(sorter: TableSorterLike | readonly TableSorterLike[]): ListSort | null {
  const first = Array.isArray(sorter) ? (sorter as readonly TableSorterLike[]).find((s) => s.order) : (sorter as TableSorterLike);
  if (!first?.order) return null;
  const key = typeof first.columnKey === 'string' ? first.columnKey : typeof first.field === 'string' ? first.field : null;
  return key ? { field: key, order: first.order } : null;
}

/** The sort in effect: the chosen one, else the screen's default. */
export function effectiveSort(sort: ListSort | null, defaultSort: ListSort): ListSort {
  return sort ?? defaultSort;
}

/** The `sortOrder` a column shows (controlled antd sorting). */
export function columnSortOrder(field: string, sort: ListSort | null, defaultSort: ListSort): SortOrder | null {
  const current = effectiveSort(sort, defaultSort);
  return current.field === field ? current.order : null;
}

export function toSortDirection(order: SortOrder): SortDirection {
  return order === 'ascend' ? SORT_ASC : SORT_DESC;
}

export function fromSortDirection(direction: SortDirection): SortOrder {
  return direction === SORT_ASC ? 'ascend' : 'descend';
}

/** A `{ field: 1 | -1 }` default (the domain's style) as a ListSort. */
export function listSortOf(sort: Readonly<Record<string, SortDirection>>): ListSort {
  const [field, direction] = Object.entries(sort)[0] ?? ['createdAt', SORT_DESC];
  return { field, order: fromSortDirection(direction) };
}

/**
 * The list call's filter for a state: paging, the one sort key (one of the contract's sortable fields, else the
 * default), and the screen's own extras (query, select...).
 */
export function toListFilter<F, S extends string, Extra extends object>(
  state: ListState<F>,
  defaultSort: ListSort,
  sortable: readonly S[],
  extra: Extra,
): Extra & { page: number; limit: number; sort: Partial<Record<S, SortDirection>> } {
  const { page, limit } = normalizeListPaging(state.page, state.limit);
  const chosen = effectiveSort(state.sort, defaultSort);
  const sort = sortable.some((key) => key === chosen.field) ? chosen : defaultSort;
  return { ...extra, page, limit, sort: { [sort.field]: toSortDirection(sort.order) } as Partial<Record<S, SortDirection>> };
}
