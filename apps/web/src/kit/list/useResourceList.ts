import { DEBOUNCE_MS, type PaginatorMeta } from '@crm/domain';
import { keepPreviousData } from '@tanstack/react-query';
import { listErrorMessage } from './list-error';
import { useDebouncedValue } from './useDebouncedValue';

export interface ResourceListResult<Row> {
  rows: Row[];
  meta: PaginatorMeta | null;
  /** A request is on its way, or a filter change is waiting out the debounce. */
  loading: boolean;
  /** The failure message; the rows are then empty (docs/product.md 'Lists'). */
  error: string | null;
  refetch: () => void;
}

/** The part of a typed `trpc.<resource>.list.useQuery(...)` result the list reads. */
export interface ListQuery<Row> {
  data?: { data: Row[]; meta: PaginatorMeta } | undefined;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * A list screen's filter, debounced 250 ms before a request (docs/product.md 'Lists'). Ask with `value` only while
 * `ready` (never with a filter that is already outdated); the previous page stays on screen meanwhile.
 */
export function useListFilter<Filter>(filter: Filter, options: { enabled?: boolean } = {}) {
  const debounced = useDebouncedValue(filter, DEBOUNCE_MS.LIST_FILTER);
  const enabled = options.enabled ?? true;
  return {
    value: debounced.value,
    pending: debounced.isPending || !enabled,
    queryOptions: { enabled: enabled && !debounced.isPending, placeholderData: keepPreviousData },
  };
}

/** Rows, meta, loading and the failure message of a list call (a failure empties the list). */
export function listResultOf<Row>(query: ListQuery<Row>, pending: boolean): ResourceListResult<Row> {
  const error = query.isError ? listErrorMessage(query.error) : null;
  return {
    rows: error ? [] : (query.data?.data ?? []),
    meta: error ? null : (query.data?.meta ?? null),
    loading: pending || query.isFetching,
    error,
    refetch: () => void query.refetch(),
  };
}
