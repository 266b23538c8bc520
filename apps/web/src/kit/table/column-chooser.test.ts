import { describe, expect, it } from 'vitest';
import type { ListCacheStorage } from '../list/list-cache';
import { columnsKey, readHiddenColumns, toggleColumn, writeHiddenColumns } from './column-chooser';

function memory(): ListCacheStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (k) => values.get(k) ?? null,
    setItem: (k, v) => void values.set(k, v),
    removeItem: (k) => void values.delete(k),
  };
}

const ALL = ['customerID', 'fullName', 'type', 'createdAt'];

describe('column chooser', () => {
  it('keeps the hidden columns per screen across visits', () => {
    const storage = memory();
    writeHiddenColumns(storage, 'customers', ['type']);
    expect([...storage.values.keys()]).toEqual([columnsKey('customers')]);
    expect(readHiddenColumns(storage, 'customers', ALL)).toEqual(['type']);
    expect(readHiddenColumns(storage, 'other', ALL)).toEqual([]);
  });
  it('forgets columns that no longer exist, and anything that does not read', () => {
    const storage = memory();
    storage.setItem(columnsKey('s'), JSON.stringify(['gone', 'type', 3]));
    expect(readHiddenColumns(storage, 's', ALL)).toEqual(['type']);
    storage.setItem(columnsKey('s'), '{oops');
    expect(readHiddenColumns(storage, 's', ALL)).toEqual([]);
    // Every column hidden (an edited storage) shows them all again.
    storage.setItem(columnsKey('s'), JSON.stringify(ALL));
    expect(readHiddenColumns(storage, 's', ALL)).toEqual([]);
  });
  it('toggles one column and never hides the last visible one', () => {
    expect(toggleColumn([], 'type', ALL)).toEqual(['type']);
    expect(toggleColumn(['type'], 'type', ALL)).toEqual([]);
    const oneLeft = ['customerID', 'fullName', 'type'];
    expect(toggleColumn(oneLeft, 'createdAt', ALL)).toEqual(oneLeft);
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
    expect(readHiddenColumns(broken, 's', ALL)).toEqual([]);
    expect(() => writeHiddenColumns(broken, 's', ['type'])).not.toThrow();
  });
});
