import { type ActivitiesView, activitiesViewOf } from '@crm/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * The Activities screen's state in its URL (docs/product.md 'Activities'): scope, bucket, view, week and the filters,
 * so a link (Home's figures, activitiesLink) opens exactly that list. A change replaces the history entry.
 */
export function useActivitiesView(): [ActivitiesView, (patch: Partial<ActivitiesView>) => void] {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => activitiesViewOf(params), [params]);
  const update = useCallback(
    (patch: Partial<ActivitiesView>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [view, update];
}
