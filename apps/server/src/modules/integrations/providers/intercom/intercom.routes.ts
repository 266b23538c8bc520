import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IntercomDataAttributeSchema, oneResponseSchema, PERMISSIONS } from '@crm/domain';
import { actorOf } from '../../../../plugins/auth.plugin.js';
import { intercomDataAttributes } from './intercom-attributes.service.js';

// Intercom's lookups under /api/assets/{id}/integrations/ (docs/api.md 'Intercom'), with INTEGRATIONS_VIEW; tRPC:
// messaging.procedures.ts.
export async function intercomRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tags = ['integrations'];
  const config = { permissions: [PERMISSIONS.INTEGRATIONS_VIEW] };
  const base = '/api/assets/:id/integrations';
  const params = z.object({ id: z.string().max(100) });

  for (const model of ['contact', 'conversation'] as const) {
    app.get(
      `${base}/intercom/${model}-attributes-list`,
      {
        config,
        schema: {
          tags,
          operationId: `integrations.intercom${model === 'contact' ? 'Contact' : 'Conversation'}Attributes`,
          summary: `Intercom's ${model} data attributes`,
          params,
          response: { 200: oneResponseSchema(z.array(IntercomDataAttributeSchema)) },
        },
      },
      async (req) => ({ data: await intercomDataAttributes(deps, actorOf(req), req.params.id, model) }),
    );
  }
}
