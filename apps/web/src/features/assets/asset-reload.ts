import type { QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { trpc } from '../../app/trpc';

/**
 * After the active asset changed (here or in another tab): drop every cached answer of the old asset,
 * then refetch the profile. The layout keys its page by the active asset, so the current path remounts
 * and loads afresh: "reloads the current path" without a full page load.
 */
export async function reloadForActiveAsset(queryClient: QueryClient): Promise<void> {
  const profileKey = JSON.stringify(getQueryKey(trpc.profile.get)[0]);
  queryClient.removeQueries({ predicate: (query) => JSON.stringify(query.queryKey[0]) !== profileKey });
  await queryClient.invalidateQueries({ queryKey: getQueryKey(trpc.profile.get) });
}
