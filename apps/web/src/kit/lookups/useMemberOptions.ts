import { ALL_ROWS_LIMIT, memberContract } from '@crm/domain';
import { useMemo } from 'react';
import { trpc } from '../../app/trpc';
import { useResourcePermissions } from '../resource/useResourcePermissions';

/**
 * The asset's enabled members to choose an agent from (a task's, a report's filter), by name, and their offices;
 * `wanted` false: not read. Nothing without MEMBERS_VIEW.
 */
export function useMemberOptions(wanted = true) {
  const allowed = useResourcePermissions(memberContract).read && wanted;
  const query = trpc.members.list.useQuery(
    {
      filter: {
        limit: ALL_ROWS_LIMIT,
        select: ['_id', 'name', 'officeName'],
        sort: { name: 1 },
        query: { name: { $exists: true }, enabled: true },
      },
    },
    { enabled: allowed },
  );
  const data = query.data?.data;
  const lists = useMemo(() => {
    const rows = data ?? [];
    const offices = [...new Set(rows.flatMap((row) => (row.officeName ? [row.officeName] : [])))].sort();
    return {
      options: rows.map((row) => ({ value: row._id, label: row.name || row._id })),
      offices: offices.map((office) => ({ value: office, label: office })),
      /** The members of an office, by id. */
      inOffice: (office: string) => rows.filter((row) => row.officeName === office).map((row) => row._id),
    };
  }, [data]);
  return {
    ...lists,
    loading: query.isFetching,
  };
}
