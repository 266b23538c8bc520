import { trpc, type RouterOutputs } from '../../app/trpc';
import { useSession } from './useSession';

export type Profile = RouterOutputs['profile']['get'];

/** The caller's profile (role, permissions, assets); only asked for while logged in. */
export function useProfile() {
  const session = useSession();
  return trpc.profile.get.useQuery(undefined, { enabled: session !== null });
}
