import { companyAssetCalls } from '@crm/domain';
import { serveCalls } from '../../calls/serve-calls.js';
import { setAssetEnabled } from './company-asset.service.js';

// Admin > Assets, both doors from the declaration (packages/domain admin/company-asset.calls.ts).
export const companyAssetDoors = serveCalls(companyAssetCalls, {
  setStatus: ({ deps, actor, input }) => setAssetEnabled(deps, actor, input.id, input.enabled),
});
