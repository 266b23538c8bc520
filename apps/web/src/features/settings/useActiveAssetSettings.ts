import type { Asset } from '@crm/domain';
import { trpc } from '../../app/trpc';
import { useProfile } from '../../kit/session/useProfile';
import { SCREEN_SHOWS_ERROR } from '../../kit/api/mutation-errors';

/**
 * The active asset with its settings (GET /assets answers them): what the settings pages edit. Undefined while
 * loading; null when the caller has no active asset.
 */
export function useActiveAssetSettings(): { asset: Asset | null | undefined; isError: boolean } {
  const profile = useProfile();
  const assets = trpc.assets.list.useQuery(undefined, { enabled: profile.data !== undefined });
  if (profile.isError || assets.isError) return { asset: null, isError: true };
  if (!profile.data || !assets.data) return { asset: undefined, isError: false };
  const activeId = profile.data.activeAsset?._id;
  return { asset: assets.data.data.find((asset) => asset._id === activeId) ?? null, isError: false };
}

/** Saves a change of the asset's settings and refreshes every reader of the assets list. */
export function useSaveAssetSettings() {
  const utils = trpc.useUtils();
  return trpc.assets.updateSettings.useMutation({ meta: SCREEN_SHOWS_ERROR, onSuccess: () => utils.assets.list.invalidate() });
}
