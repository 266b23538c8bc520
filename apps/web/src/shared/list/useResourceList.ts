import { DEBOUNCE_MS, type ListFilterInput, type PaginatorMeta } from '@crm/domain';
import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from '../../app/trpc';
import { listErrorMessage } from './list-error';
import { useDebouncedValue } from './useDebouncedValue';

export type ResourceRow = Record<string, unknown>;

export interface ResourceListResult {
  rows: ResourceRow[];
  meta: PaginatorMeta | null;
  /** A request is on its way, or a filter change is waiting out the debounce. */
  loading: boolean;
  /** The failure message; the rows are then empty (docs/product.md 'Lists'). */
  error: string | null;
  refetch: () => void;
}

/**
 * A page of a generic resource (tRPC `resources.list`). The filter is debounced 250 ms before a request
 * (docs/product.md 'Lists'), and the previous page stays on screen while the next one loads.
 */
export function useResourceList(resource: string, filter: ListFilterInput, options: { enabled?: boolean } = {}): ResourceListResult {
  const enabled = options.enabled ?? true;
  const debounced = useDebouncedValue(filter, DEBOUNCE_MS.LIST_FILTER);
  // Never ask with a filter that is already outdated (e.g. the one from before a prerequisite loaded).
  const query = trpc.resources.list.useQuery(
    { resource, filter: debounced.value },
    { enabled: enabled && !debounced.isPending, placeholderData: keepPreviousData },
  );
  const error = query.isError ? listErrorMessage(query.error) : null;
  return {
    rows: error ? [] : (query.data?.data ?? []),
    meta: error ? null : (query.data?.meta ?? null),
    loading: !enabled || query.isFetching || debounced.isPending,
    error,
    refetch: () => void query.refetch(),
  };
}
