import { useCallback } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { linkWithParams, paramsToCarry } from './list-links';

/**
 * Links from this page to a record (docs/product.md 'Screens and routes'): they carry `ref` back here with this
 * page's params in `refparams`, and `refresh` so the record's page reads it afresh.
 */
export function useLinkBack(): (path: string) => string {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  return useCallback(
    (path: string) => linkWithParams(path, { ref: pathname, refParams: paramsToCarry(params), refresh: true }),
    [params, pathname],
  );
}
