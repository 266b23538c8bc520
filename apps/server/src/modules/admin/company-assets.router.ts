import { CompanyAssetRecordSchema, CompanyAssetStatusCallInputSchema, PERMISSIONS } from '@crm/domain';
import { resourceProcedures } from '../../resources/resource-procedures.js';
import { permissionProcedure, router } from '../../trpc/trpc.js';
import { companyAssetResource } from './company-asset.resource.js';
import { setAssetEnabled } from './company-asset.service.js';

// Admin > Assets, tRPC door: the engine's procedures and the enable/disable call.
export const companyAssetsRouter = router({
  ...resourceProcedures(companyAssetResource),
  setStatus: permissionProcedure([PERMISSIONS.ASSETS_VIEW])
    .input(CompanyAssetStatusCallInputSchema)
    .output(CompanyAssetRecordSchema)
    .mutation(({ ctx, input }) => setAssetEnabled(ctx.deps, ctx.actor, input.id, input.enabled)),
});
