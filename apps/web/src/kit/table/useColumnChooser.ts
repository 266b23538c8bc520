import { useCallback, useMemo, useState } from 'react';
import type { ListCacheStorage } from '../list/list-cache';
import { readHiddenColumns, toggleColumn, writeHiddenColumns } from './column-chooser';

function localStorageOrNull(): ListCacheStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export interface ColumnChoice {
  all: readonly { key: string; title: string }[];
  hidden: readonly string[];
  toggle: (key: string) => void;
}

/** The columns a person chose to see on a screen, kept across visits (column-chooser.ts). */
export function useColumnChooser(screen: string, all: readonly { key: string; title: string }[]): ColumnChoice {
  const keys = useMemo(() => all.map((column) => column.key), [all]);
  const [hidden, setHidden] = useState<string[]>(() => {
    const storage = localStorageOrNull();
    return storage ? readHiddenColumns(storage, screen, keys) : [];
  });
  const toggle = useCallback(
    (key: string) =>
      setHidden((current) => {
        const next = toggleColumn(current, key, keys);
        const storage = localStorageOrNull();
        if (storage) writeHiddenColumns(storage, screen, next);
        return next;
      }),
    [keys, screen],
  );
  return { all, hidden, toggle };
}
