import { ALL_ROWS_LIMIT } from '@crm/domain';
import { trpc } from '../../app/trpc';

const STALE_MS = 60_000;

/** The roles and assets a user may be given: the company's roles, and the assets the admin works in. */
export function useUserChoices() {
  const roles = trpc.roles.list.useQuery({ filter: { limit: ALL_ROWS_LIMIT, select: ['name', 'code'] } }, { staleTime: STALE_MS });
  const assets = trpc.assets.list.useQuery(undefined, { staleTime: STALE_MS });
  return {
    roles: (roles.data?.data ?? []).map((role) => ({ value: role._id, label: role.name ?? role._id })),
    assets: (assets.data?.data ?? []).map((asset) => ({ value: asset._id, label: asset.name })),
    loading: roles.isLoading || assets.isLoading,
  };
}
