import { ASSET_SETTINGS_PERMISSIONS, AssetSchema, listResponseSchema, UpdateAssetSettingsCallInputSchema } from '@crm/domain';
import { permissionProcedure, protectedProcedure, router } from '../../trpc/trpc.js';
import { listAssets, updateAssetSettings } from './assets.service.js';

// Assets (docs/api.md 'Other calls'), tRPC door onto the same services as REST.
export const assetsRouter = router({
  list: protectedProcedure.output(listResponseSchema(AssetSchema)).query(({ ctx }) => listAssets(ctx.deps, ctx.actor)),
  updateSettings: permissionProcedure(ASSET_SETTINGS_PERMISSIONS)
    .input(UpdateAssetSettingsCallInputSchema)
    .output(AssetSchema)
    .mutation(({ ctx, input }) => updateAssetSettings(ctx.deps, ctx.actor, input.id, input.settings)),
});
