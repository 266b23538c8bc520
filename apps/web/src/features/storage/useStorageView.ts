import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { STORAGE_VIEW_KEY, STORAGE_VIEW_PARAM, type StorageView, storageViewOf } from './storage-view';

function remembered(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_VIEW_KEY);
  } catch {
    return null;
  }
}

/** The Storage screen's grid or list, kept in the URL (`?view=list`) and remembered in this browser. */
export function useStorageView(): [StorageView, (view: StorageView) => void] {
  const [params, setParams] = useSearchParams();
  const view = storageViewOf(params.get(STORAGE_VIEW_PARAM), remembered());
  const setView = useCallback(
    (next: StorageView) => {
      try {
        window.localStorage.setItem(STORAGE_VIEW_KEY, next);
      } catch {
        // Private windows may refuse storage: the URL still carries the view.
      }
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set(STORAGE_VIEW_PARAM, next);
          return updated;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return [view, setView];
}
