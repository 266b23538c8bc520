import {
  ASSET_SETTINGS_PERMISSIONS,
  AssetIdInputSchema,
  AssetProfileSettingsSchema,
  AssetSchema,
  BASIC_SETTINGS_PERMISSIONS,
  listResponseSchema,
  UpdateAssetSettingsCallInputSchema,
  UpdateBasicSettingsCallInputSchema,
  UpdateViewingSettingsCallInputSchema,
  VIEWING_SETTINGS_PERMISSIONS,
} from '@crm/domain';
import { permissionProcedure, protectedProcedure, router } from '../../trpc/trpc.js';
import { getProfileSettings, updateBasicSettings, updateViewingSettings } from './asset-profile.service.js';
import { listAssets, updateAssetSettings } from './assets.service.js';

// Assets (docs/api.md 'Other calls'), tRPC door onto the same services as REST.
export const assetsRouter = router({
  list: protectedProcedure.output(listResponseSchema(AssetSchema)).query(({ ctx }) => listAssets(ctx.deps, ctx.actor)),
  updateSettings: permissionProcedure(ASSET_SETTINGS_PERMISSIONS)
    .input(UpdateAssetSettingsCallInputSchema)
    .output(AssetSchema)
    .mutation(({ ctx, input }) => updateAssetSettings(ctx.deps, ctx.actor, input.id, input.settings)),
  profileSettings: permissionProcedure([...BASIC_SETTINGS_PERMISSIONS, ...VIEWING_SETTINGS_PERMISSIONS])
    .input(AssetIdInputSchema)
    .output(AssetProfileSettingsSchema)
    .query(({ ctx, input }) => getProfileSettings(ctx.deps, ctx.actor, input.id)),
  updateBasicSettings: permissionProcedure(BASIC_SETTINGS_PERMISSIONS)
    .input(UpdateBasicSettingsCallInputSchema)
    .output(AssetProfileSettingsSchema)
    .mutation(({ ctx, input }) => updateBasicSettings(ctx.deps, ctx.actor, input.id, input.settings)),
  updateViewingSettings: permissionProcedure(VIEWING_SETTINGS_PERMISSIONS)
    .input(UpdateViewingSettingsCallInputSchema)
    .output(AssetProfileSettingsSchema)
    .mutation(({ ctx, input }) => updateViewingSettings(ctx.deps, ctx.actor, input.id, input.settings)),
});
