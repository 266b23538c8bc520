import { trpc } from '../../app/trpc';
import type { Profile } from '../../kit/session/useProfile';
import { profileHasSuperAccess } from '../../kit/session/profile-permissions';

export interface AssetOption {
  _id: string;
  name: string;
}

/**
 * The assets the caller may switch between (docs/product.md 'Permissions'): every asset of the company for super
 * access (the server sorts them by name), otherwise the profile's own. A failed list reads as empty.
 */
export function useAssetOptions(profile: Profile): AssetOption[] {
  const superAccess = profileHasSuperAccess(profile);
  const all = trpc.assets.list.useQuery(undefined, { enabled: superAccess, staleTime: 5 * 60_000 });
  if (!superAccess) return profile.assets;
  return all.data?.data ?? [];
}
