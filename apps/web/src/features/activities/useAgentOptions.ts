import { ALL_ROWS_LIMIT, memberContract } from '@crm/domain';
import { trpc } from '../../app/trpc';
import { useResourcePermissions } from '../../kit/resource/useResourcePermissions';

/** The asset's enabled members to choose a task's agent from (the lead form's lookup, by name); `wanted` false: not read. */
export function useAgentOptions(wanted = true) {
  const allowed = useResourcePermissions(memberContract).read && wanted;
  const query = trpc.members.list.useQuery(
    {
      filter: {
        limit: ALL_ROWS_LIMIT,
        select: ['_id', 'name'],
        sort: { name: 1 },
        query: { name: { $exists: true }, enabled: true },
      },
    },
    { enabled: allowed },
  );
  return { options: (query.data?.data ?? []).map((row) => ({ value: row._id, label: row.name || row._id })), loading: query.isFetching };
}
