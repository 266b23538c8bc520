import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ASSET_SETTINGS_PERMISSIONS, AssetSchema, AssetSettingsInputSchema, listResponseSchema, oneResponseSchema } from '@crm/domain';
import { actorOf } from '../../plugins/auth.plugin.js';
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
}
