import { PATHS } from '@crm/domain';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { backTarget } from './list-links';

/** "Go back" of the lead and customer pages: to `ref` (with `refparams`), else the previous page, else `fallback`. */
export function useGoBack(fallback: string = PATHS.LEADS_REPORT): () => void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return useCallback(() => {
    const target = backTarget(params);
    if (target) void navigate(target);
    // react-router numbers the entries of this tab's history: idx 0 means there is nothing to go back to.
    else if (((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0) void navigate(-1);
    else void navigate(fallback);
  }, [fallback, navigate, params]);
}
