import { QUERY_PARAMS } from '@crm/domain';
import type { ListSort, ListState } from './list-state';

// docs/product.md 'Lists': a screen's filter and paging survive leaving it (to a lead and back) for the tab's life;
// a `refresh` query param asks for a fresh start instead. sessionStorage, keyed by screen.

export interface ListCacheStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const PREFIX = 'crm.list.';

export function listCacheKey(screen: string): string {
  return `${PREFIX}${screen}`;
}

/** Whether a screen opened with these params should restore its cached state. */
export function shouldRestoreListState(params: URLSearchParams): boolean {
  return !params.has(QUERY_PARAMS.REFRESH);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sortOf(value: unknown): ListSort | null | undefined {
  if (value === null) return null;
  if (!isRecord(value) || typeof value.field !== 'string' || !value.field) return undefined;
  return value.order === 'ascend' || value.order === 'descend' ? { field: value.field, order: value.order } : undefined;
}

/**
 * The cached state of a screen, or null when there is none or it no longer reads (an older shape, edited
 * storage): `parseFilters` checks the screen's own filters, answering null to reject them.
 */
export function readListCache<F>(
  storage: ListCacheStorage,
  screen: string,
  parseFilters: (value: unknown) => F | null,
): ListState<F> | null {
  let raw: string | null;
  try {
    raw = storage.getItem(listCacheKey(screen));
  } catch {
    return null;
  }
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  const { page, limit } = value;
  const sort = sortOf(value.sort);
  if (typeof page !== 'number' || typeof limit !== 'number' || sort === undefined) return null;
  const filters = parseFilters(value.filters);
  if (filters === null) return null;
  return { page, limit, sort, filters };
}

export function writeListCache<F>(storage: ListCacheStorage, screen: string, state: ListState<F>): void {
  try {
    storage.setItem(listCacheKey(screen), JSON.stringify(state));
  } catch {
    // Storage full or disabled: the list still works, it just starts fresh next time.
  }
}

export function clearListCache(storage: ListCacheStorage, screen: string): void {
  try {
    storage.removeItem(listCacheKey(screen));
  } catch {
    // as above
  }
}
