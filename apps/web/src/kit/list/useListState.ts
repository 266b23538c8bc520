import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readListCache, shouldRestoreListState, writeListCache, type ListCacheStorage } from './list-cache';
import { initialListState, withFilters, withPage, withSort, type ListSort, type ListState } from './list-state';

function sessionStorageOrNull(): ListCacheStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export interface ListStateApi<F> {
  state: ListState<F>;
  setFilters: (update: F | ((current: F) => F)) => void;
  setPage: (page: number, limit?: number) => void;
  setSort: (sort: ListSort | null) => void;
  /** Back to the screen's defaults (filters, page 1, default sort). */
  reset: () => void;
}

/**
 * One list screen's page, page size, sort and filters (docs/product.md 'Lists'), cached per screen for the tab and
 * restored on return unless the URL carries `refresh`. `persist: false` keeps it for the screen's life only (a list
 * inside a record's page).
 */
export function useListState<F>(
  screen: string,
  defaultFilters: F,
  parseFilters: (value: unknown) => F | null,
  options: { persist?: boolean } = {},
): ListStateApi<F> {
  const persist = options.persist ?? true;
  const [params] = useSearchParams();
  const [state, setState] = useState<ListState<F>>(() => {
    const storage = persist ? sessionStorageOrNull() : null;
    const cached = storage && shouldRestoreListState(params) ? readListCache(storage, screen, parseFilters) : null;
    return cached ? withPage(cached, cached.page, cached.limit) : initialListState(defaultFilters);
  });

  useEffect(() => {
    const storage = persist ? sessionStorageOrNull() : null;
    if (storage) writeListCache(storage, screen, state);
  }, [persist, screen, state]);

  const setFilters = useCallback(
    (update: F | ((current: F) => F)) =>
      setState((current) => withFilters(current, typeof update === 'function' ? (update as (c: F) => F)(current.filters) : update)),
    [],
  );
  const setPage = useCallback((page: number, limit?: number) => setState((current) => withPage(current, page, limit)), []);
  const setSort = useCallback((sort: ListSort | null) => setState((current) => withSort(current, sort)), []);
  const reset = useCallback(() => setState(initialListState(defaultFilters)), [defaultFilters]);

  return { state, setFilters, setPage, setSort, reset };
}
