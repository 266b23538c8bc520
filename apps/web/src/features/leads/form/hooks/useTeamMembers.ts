import { ALL_ROWS_LIMIT } from '@crm/domain';
import { useMemo } from 'react';
import { refIdOf } from '../../../../kit/resource/refs';
import { type RouterInputs, trpc } from '../../../../app/trpc';

export interface MemberOption {
  _id: string;
  name: string;
  enabled: boolean;
  reportedTo?: string | undefined;
}

/** The lead form's team lookup: the asset's named members (id, name, enabled, reportedTo). */
export const TEAM_LIST_FILTER: NonNullable<RouterInputs['members']['list']['filter']> = {
  limit: ALL_ROWS_LIMIT,
  select: ['_id', 'name', 'enabled', 'reportedTo'],
  sort: { name: 1 as const },
  query: { name: { $exists: true } },
};

export function useTeamMembers() {
  const query = trpc.members.list.useQuery({ filter: TEAM_LIST_FILTER });
  const members = useMemo<MemberOption[]>(
    () =>
      (query.data?.data ?? []).map((row) => ({
        _id: row._id,
        name: row.name || row._id,
        enabled: row.enabled === true,
        reportedTo: refIdOf(row.reportedTo),
      })),
    [query.data],
  );
  return { members, loading: query.isLoading };
}
