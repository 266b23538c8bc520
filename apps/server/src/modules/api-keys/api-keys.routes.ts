import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiKeyCreatedSchema, ApiKeyCreateInputSchema, ApiKeyRecordSchema, oneResponseSchema, PERMISSIONS } from '@crm/domain';
import { actorOf, assetOf } from '../../plugins/auth.plugin.js';
import { createApiKey, revokeApiKey } from './api-key.service.js';

// API keys (docs/api.md 'API keys'), REST door: create (the secret answered once) and revoke. The lists are the
// generic resource's (GET api-keys...).
export async function apiKeyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tags = ['api-keys'];
  const config = { permissions: [PERMISSIONS.INTEGRATIONS_VIEW] };

  app.post(
    '/api/api-keys/create',
    {
      config,
      schema: {
        tags,
        operationId: 'apiKeys.create',
        summary: 'Create an API key (its secret is in this answer only)',
        body: ApiKeyCreateInputSchema,
        response: { 201: oneResponseSchema(ApiKeyCreatedSchema) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await createApiKey(deps, actorOf(req), req.body) }),
  );

  app.post(
    '/api/api-keys/:id/revoke',
    {
      config,
      schema: {
        tags,
        operationId: 'apiKeys.revoke',
        summary: 'Revoke an API key (it answers 401 from then on)',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: oneResponseSchema(ApiKeyRecordSchema) },
      },
    },
    async (req) => ({ data: await revokeApiKey(deps, actorOf(req), assetOf(req), req.params.id) }),
  );
}
