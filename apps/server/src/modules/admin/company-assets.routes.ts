import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CompanyAssetRecordSchema, oneResponseSchema, PERMISSIONS } from '@crm/domain';
import { actorOf } from '../../plugins/auth.plugin.js';
import { setAssetEnabled } from './company-asset.service.js';

// Admin > Assets, REST door: enable or disable. Lists, create and rename are the generic resource's (company-assets).
export async function companyAssetRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.patch(
    '/api/company-assets/:id/status',
    {
      config: { permissions: [PERMISSIONS.ASSETS_VIEW], errors: ['CONFLICT'] },
      schema: {
        tags: ['admin'],
        operationId: 'companyAssets.status',
        summary: 'Enable or disable an asset',
        params: z.object({ id: z.string().max(100) }),
        body: z.strictObject({ enabled: z.boolean() }),
        response: { 200: oneResponseSchema(CompanyAssetRecordSchema) },
      },
    },
    async (req) => ({ data: await setAssetEnabled(app.deps, actorOf(req), req.params.id, req.body.enabled) }),
  );
}
