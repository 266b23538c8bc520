import { PROFILE_REFRESH_MS } from '@crm/domain';
import { trpc, type RouterOutputs } from '../../app/trpc';
import { useSession } from './useSession';

export type Profile = RouterOutputs['profile']['get'];

/**
 * The caller's profile (role, permissions, assets); only asked for while logged in. A role changed by an admin
 * reaches the menu and the guards without a reload: the profile is read again when the window gets focus, every
 * PROFILE_REFRESH_MS, and after any call answers 403 (app/query-client.ts).
 */
export function useProfile() {
  const session = useSession();
  return trpc.profile.get.useQuery(undefined, {
    enabled: session !== null,
    refetchOnWindowFocus: 'always',
    refetchInterval: PROFILE_REFRESH_MS,
  });
}
