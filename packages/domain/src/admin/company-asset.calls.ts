import { z } from 'zod';
import { defineCall, defineCalls } from '../calls/define-call.js';
import { PERMISSIONS as P } from '../permissions/permission-codes.js';
import { CompanyAssetRecordSchema, CompanyAssetStatusCallInputSchema } from './company-asset.contract.js';

// Admin > Assets: enable or disable one. Lists, create and rename are the generic resource's (company-assets).
const setStatus = defineCall({
  operationId: 'companyAssets.status',
  summary: 'Enable or disable an asset',
  tag: 'admin',
  access: [P.ASSETS_VIEW],
  scope: 'company',
  errors: ['CONFLICT'],
  kind: 'mutation',
  input: CompanyAssetStatusCallInputSchema,
  output: CompanyAssetRecordSchema,
  rest: {
    method: 'PATCH',
    path: '/api/company-assets/:id/status',
    params: z.object({ id: z.string().max(100) }),
    body: z.strictObject({ enabled: z.boolean() }),
    envelope: 'data',
    toInput: ({ params, body }) => ({ id: params.id, enabled: body.enabled }),
  },
});

export const companyAssetCalls = defineCalls('companyAssets', { setStatus });
