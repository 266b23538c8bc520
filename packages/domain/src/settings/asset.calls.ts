import { z } from 'zod';
import {
  ASSET_SETTINGS_PERMISSIONS,
  AssetSchema,
  AssetSettingsInputSchema,
  UpdateAssetSettingsCallInputSchema,
} from '../auth/asset-settings.schemas.js';
import { defineCall, defineCalls } from '../calls/define-call.js';
import { listResponseSchema } from '../list/list-response.schema.js';
import {
  AssetIdInputSchema,
  AssetProfileSettingsSchema,
  BASIC_SETTINGS_PERMISSIONS,
  BasicSettingsInputSchema,
  UpdateBasicSettingsCallInputSchema,
  UpdateViewingSettingsCallInputSchema,
  VIEWING_SETTINGS_PERMISSIONS,
  ViewingSettingsSchema,
} from './asset-profile.schemas.js';

// Assets (docs/api.md 'Other calls'): the ones the caller may enter, and an asset's lead, basic and viewing
// settings. The asset is named by the call (its `id`), so the scope is the company: one not the caller's is 404.
const tag = 'profile';
const AssetParams = z.object({ id: z.string().max(100) });

const list = defineCall({
  operationId: 'assets.list',
  summary: 'Assets the caller may enter, name ascending, no limit',
  tag,
  access: 'signed-in',
  scope: 'company',
  kind: 'query',
  output: listResponseSchema(AssetSchema),
  rest: { method: 'GET', path: '/api/assets', envelope: 'bare' },
});

const updateSettings = defineCall({
  operationId: 'assets.updateSettings',
  summary: 'Update an asset’s lead settings',
  tag,
  access: ASSET_SETTINGS_PERMISSIONS,
  scope: 'company',
  kind: 'mutation',
  input: UpdateAssetSettingsCallInputSchema,
  output: AssetSchema,
  rest: {
    method: 'PATCH',
    path: '/api/assets/:id/settings',
    params: AssetParams,
    body: AssetSettingsInputSchema,
    envelope: 'data',
    toInput: ({ params, body }) => ({ id: params.id, settings: body }),
  },
});

const profileSettings = defineCall({
  operationId: 'assets.profileSettings',
  summary: 'An asset’s basic and viewing settings',
  tag,
  access: [...BASIC_SETTINGS_PERMISSIONS, ...VIEWING_SETTINGS_PERMISSIONS],
  scope: 'company',
  kind: 'query',
  input: AssetIdInputSchema,
  output: AssetProfileSettingsSchema,
  rest: {
    method: 'GET',
    path: '/api/assets/:id/profile-settings',
    params: AssetParams,
    envelope: 'data',
    toInput: ({ params }) => params,
  },
});

const updateBasicSettings = defineCall({
  operationId: 'assets.updateBasicSettings',
  summary: 'Update an asset’s basic settings',
  tag,
  access: BASIC_SETTINGS_PERMISSIONS,
  scope: 'company',
  kind: 'mutation',
  input: UpdateBasicSettingsCallInputSchema,
  output: AssetProfileSettingsSchema,
  rest: {
    method: 'PATCH',
    path: '/api/assets/:id/basic-settings',
    params: AssetParams,
    body: BasicSettingsInputSchema,
    envelope: 'data',
    toInput: ({ params, body }) => ({ id: params.id, settings: body }),
  },
});

const updateViewingSettings = defineCall({
  operationId: 'assets.updateViewingSettings',
  summary: 'Update an asset’s viewing settings',
  tag,
  access: VIEWING_SETTINGS_PERMISSIONS,
  scope: 'company',
  kind: 'mutation',
  input: UpdateViewingSettingsCallInputSchema,
  output: AssetProfileSettingsSchema,
  rest: {
    method: 'PATCH',
    path: '/api/assets/:id/viewing-settings',
    params: AssetParams,
    body: ViewingSettingsSchema,
    envelope: 'data',
    toInput: ({ params, body }) => ({ id: params.id, settings: body }),
  },
});

export const assetCalls = defineCalls('assets', { list, updateSettings, profileSettings, updateBasicSettings, updateViewingSettings });
