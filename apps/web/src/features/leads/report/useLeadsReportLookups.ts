import { ALL_ROWS_LIMIT } from '@crm/domain';
import { useEffect, useMemo } from 'react';
import { trpc } from '../../../app/trpc';
import type { LeadRowLookups } from './lead-row';

// The Leads report's lookups: team members (managers' names, test agents) and developers' names, loaded once
// per visit. Lookup failures are silent (docs/product.md 'Errors in the browser').

const LOOKUP_STALE_MS = 5 * 60_000;

export interface LeadsReportLookups extends LeadRowLookups {
  testAgentIds: string[];
  /** The test agents are known (or failed to load): the list may ask without waiting for them. */
  testAgentsSettled: boolean;
}

export function useLeadsReportLookups(): LeadsReportLookups {
  const members = trpc.members.list.useQuery(
    { filter: { limit: ALL_ROWS_LIMIT, select: ['name', 'isTest', 'reportedTo'], sort: { name: 1 } } },
    { staleTime: LOOKUP_STALE_MS },
  );
  const developers = trpc.developers.list.useQuery({ filter: { limit: ALL_ROWS_LIMIT, select: ['name'] } }, { staleTime: LOOKUP_STALE_MS });

  // Test-agent load errors are only logged; the list then shows every agent's leads.
  useEffect(() => {
    if (members.error) console.error('Could not load the test agents', members.error);
  }, [members.error]);

  return useMemo(() => {
    const memberNames = new Map<string, string>();
    const testAgentIds: string[] = [];
    for (const row of members.data?.data ?? []) {
      if (row.name) memberNames.set(row._id, row.name);
      if (row.isTest === true) testAgentIds.push(row._id);
    }
    const developerNames = new Map<string, string>();
    for (const row of developers.data?.data ?? []) if (row.name) developerNames.set(row._id, row.name);
    return { memberNames, developerNames, testAgentIds, testAgentsSettled: !members.isPending };
  }, [members.data, members.isPending, developers.data]);
}
