import { resourceProcedures } from '../../resources/resource-procedures.js';
import { router } from '../../trpc/trpc.js';
import { companyAssetDoors } from './company-asset.calls.js';
import { companyAssetResource } from './company-asset.resource.js';

// Admin > Assets, tRPC door: the engine's procedures and the declared enable/disable call.
export const companyAssetsRouter = router({ ...resourceProcedures(companyAssetResource), ...companyAssetDoors.procedures });
