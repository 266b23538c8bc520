import { ALL_ROWS_LIMIT } from '@crm/domain';
import { useMemo } from 'react';
import { trpc } from '../../../app/trpc';
import type { DistinctFilterField } from './leads-report-filters';
import { LOOKUP_STALE_MS } from './useLeadsReportLookups';

/**
 * A value filter's options: the distinct values of a lead field in the active asset (limit -1),
 * asked for once `enabled` (the filter was opened), so opening the report costs no extra calls.
 */
export function useLeadDistinctValues(field: DistinctFilterField, enabled: boolean): { options: string[]; loading: boolean } {
  const query = trpc.leads.distinct.useQuery({ field, filter: { limit: ALL_ROWS_LIMIT } }, { staleTime: LOOKUP_STALE_MS, enabled });
  const options = useMemo(
    () => (query.data?.data ?? []).filter((v): v is string | number => typeof v === 'string' || typeof v === 'number').map(String),
    [query.data],
  );
  return { options, loading: query.isPending && query.fetchStatus !== 'idle' };
}
