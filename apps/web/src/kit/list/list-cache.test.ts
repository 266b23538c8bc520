import { describe, expect, it } from 'vitest';
import { clearListCache, listCacheKey, readListCache, shouldRestoreListState, writeListCache, type ListCacheStorage } from './list-cache';
import { initialListState } from './list-state';

function memory(): ListCacheStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (k) => values.get(k) ?? null,
    setItem: (k, v) => void values.set(k, v),
    removeItem: (k) => void values.delete(k),
  };
}

const parseFilters = (value: unknown): { status: string[] } | null =>
  typeof value === 'object' && value !== null && Array.isArray((value as { status?: unknown }).status)
    ? (value as { status: string[] })
    : null;

describe('list cache per screen', () => {
  it('round-trips a state under its screen key', () => {
    const storage = memory();
    const state = { ...initialListState({ status: ['Closed'] }), page: 3, limit: 40, sort: { field: 'leadID', order: 'ascend' as const } };
    writeListCache(storage, 'leads-report', state);
    expect([...storage.values.keys()]).toEqual([listCacheKey('leads-report')]);
    expect(readListCache(storage, 'leads-report', parseFilters)).toEqual(state);
    expect(readListCache(storage, 'other-screen', parseFilters)).toBeNull();
  });
  it('ignores what no longer reads: bad JSON, wrong shapes, rejected filters', () => {
    const storage = memory();
    const key = listCacheKey('s');
    storage.setItem(key, '{not json');
    expect(readListCache(storage, 's', parseFilters)).toBeNull();
    storage.setItem(key, JSON.stringify({ page: '1', limit: 20, sort: null, filters: { status: [] } }));
    expect(readListCache(storage, 's', parseFilters)).toBeNull();
    storage.setItem(key, JSON.stringify({ page: 1, limit: 20, sort: { field: 'x', order: 'up' }, filters: { status: [] } }));
    expect(readListCache(storage, 's', parseFilters)).toBeNull();
    storage.setItem(key, JSON.stringify({ page: 1, limit: 20, sort: null, filters: { status: 'Open' } }));
    expect(readListCache(storage, 's', parseFilters)).toBeNull();
    clearListCache(storage, 's');
    expect(storage.values.size).toBe(0);
  });
  it('survives a storage that throws', () => {
    const broken: ListCacheStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => undefined,
    };
    expect(() => writeListCache(broken, 's', initialListState({ status: [] }))).not.toThrow();
    expect(readListCache(broken, 's', parseFilters)).toBeNull();
  });
  it('restores unless the URL carries refresh', () => {
    expect(shouldRestoreListState(new URLSearchParams(''))).toBe(true);
    expect(shouldRestoreListState(new URLSearchParams('tab=1&ref=/x'))).toBe(true);
    expect(shouldRestoreListState(new URLSearchParams('refresh=1'))).toBe(false);
    expect(shouldRestoreListState(new URLSearchParams('refresh'))).toBe(false);
  });
});
