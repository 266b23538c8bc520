import { assetCalls } from '@crm/domain';
import { serveCalls } from '../../calls/serve-calls.js';
import { getProfileSettings, updateBasicSettings, updateViewingSettings } from './asset-profile.service.js';
import { listAssets, updateAssetSettings } from './assets.service.js';

// Assets, both doors from the declarations (packages/domain settings/asset.calls.ts).
export const assetDoors = serveCalls(assetCalls, {
  list: ({ deps, actor }) => listAssets(deps, actor),
  updateSettings: ({ deps, actor, input }) => updateAssetSettings(deps, actor, input.id, input.settings),
  profileSettings: ({ deps, actor, input }) => getProfileSettings(deps, actor, input.id),
  updateBasicSettings: ({ deps, actor, input }) => updateBasicSettings(deps, actor, input.id, input.settings),
  updateViewingSettings: ({ deps, actor, input }) => updateViewingSettings(deps, actor, input.id, input.settings),
});
