import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ASSET_SETTINGS_PERMISSIONS,
  AssetProfileSettingsSchema,
  AssetSchema,
  AssetSettingsInputSchema,
  BASIC_SETTINGS_PERMISSIONS,
  BasicSettingsInputSchema,
  listResponseSchema,
  oneResponseSchema,
  VIEWING_SETTINGS_PERMISSIONS,
  ViewingSettingsSchema,
} from '@crm/domain';
import { actorOf } from '../../plugins/auth.plugin.js';
import { getProfileSettings, updateBasicSettings, updateViewingSettings } from './asset-profile.service.js';
import { listAssets, updateAssetSettings } from './assets.service.js';

// Assets (docs/api.md 'Other calls'), REST door.
export async function assetsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get(
    '/api/assets',
    {
      schema: {
        tags: ['profile'],
        operationId: 'assets.list',
        summary: 'Assets the caller may enter, name ascending, no limit',
        response: { 200: listResponseSchema(AssetSchema) },
      },
    },
    async (req) => listAssets(deps, actorOf(req)),
  );

  app.patch(
    '/api/assets/:id/settings',
    {
      config: { permissions: ASSET_SETTINGS_PERMISSIONS },
      schema: {
        tags: ['profile'],
        operationId: 'assets.updateSettings',
        summary: 'Update an asset’s lead settings',
        params: z.object({ id: z.string().max(100) }),
        body: AssetSettingsInputSchema,
        response: { 200: oneResponseSchema(AssetSchema) },
      },
    },
    async (req) => ({ data: await updateAssetSettings(deps, actorOf(req), req.params.id, req.body) }),
  );

  // Basic Settings and Viewing Settings (packages/domain/src/settings/asset-profile.schemas.ts).
  const params = z.object({ id: z.string().max(100) });
  const profileResponse = { 200: oneResponseSchema(AssetProfileSettingsSchema) };
  app.get(
    '/api/assets/:id/profile-settings',
    {
      config: { permissions: [...BASIC_SETTINGS_PERMISSIONS, ...VIEWING_SETTINGS_PERMISSIONS] },
      schema: {
        tags: ['profile'],
        operationId: 'assets.profileSettings',
        summary: 'An asset’s basic and viewing settings',
        params,
        response: profileResponse,
      },
    },
    async (req) => ({ data: await getProfileSettings(deps, actorOf(req), req.params.id) }),
  );
  app.patch(
    '/api/assets/:id/basic-settings',
    {
      config: { permissions: BASIC_SETTINGS_PERMISSIONS },
      schema: {
        tags: ['profile'],
        operationId: 'assets.updateBasicSettings',
        summary: 'Update an asset’s basic settings',
        params,
        body: BasicSettingsInputSchema,
        response: profileResponse,
      },
    },
    async (req) => ({ data: await updateBasicSettings(deps, actorOf(req), req.params.id, req.body) }),
  );
  app.patch(
    '/api/assets/:id/viewing-settings',
    {
      config: { permissions: VIEWING_SETTINGS_PERMISSIONS },
      schema: {
        tags: ['profile'],
        operationId: 'assets.updateViewingSettings',
        summary: 'Update an asset’s viewing settings',
        params,
        body: ViewingSettingsSchema,
        response: profileResponse,
      },
    },
    async (req) => ({ data: await updateViewingSettings(deps, actorOf(req), req.params.id, req.body) }),
  );
}
