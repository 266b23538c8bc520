import { useMemo } from 'react';
import { trpc } from '../../../app/trpc';
import { useProfile } from '../../../kit/session/useProfile';

export interface MyTeamMember {
  _id: string;
  name: string;
  /** May claim pool leads: enabled, not a test agent, lead processing on (docs/leads.md 'SLA'). */
  mayClaim: boolean;
}

/** The signed-in user's team member in the active asset, or null when they are not one. */
export function useMyTeamMember() {
  const profile = useProfile().data;
  const query = trpc.members.list.useQuery(
    {
      filter: { limit: 1, query: { user: profile?._id ?? '' }, select: ['_id', 'name', 'enabled', 'isTest', 'isLeadProcessEnabled'] },
    },
    { enabled: Boolean(profile?._id) },
  );
  const member = useMemo<MyTeamMember | null>(() => {
    const row = query.data?.data[0];
    if (!row) return null;
    return {
      _id: row._id,
      name: row.name ?? '',
      mayClaim: row.enabled === true && row.isTest !== true && row.isLeadProcessEnabled === true,
    };
  }, [query.data]);
  return { member, loading: query.isLoading || !profile };
}
