import { companyAssetContract } from '@crm/domain';
import { defineResource } from '../../resources/resource-define.js';

// Admin > Assets: the engine lists, creates and renames the company's assets (a taken name is a 409); disabling is
// the module's own call (company-assets.routes.ts).
export const companyAssetResource = defineResource(companyAssetContract, { model: 'asset', tag: 'admin' });
