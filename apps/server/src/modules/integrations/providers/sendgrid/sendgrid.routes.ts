import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { oneResponseSchema, PERMISSIONS, ProviderOptionSchema } from '@crm/domain';
import { actorOf } from '../../../../plugins/auth.plugin.js';
import { sendGridContactLists } from '../provider-lookups.service.js';

// SendGrid's lookups under /api/assets/{id}/integrations/ (docs/api.md 'Integrations'); tRPC: marketing.router.ts.
export async function sendGridRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tags = ['integrations'];
  const admin = { permissions: [PERMISSIONS.INTEGRATIONS_VIEW] };
  const base = '/api/assets/:id/integrations';
  const asset = z.object({ id: z.string().max(100) });
  const options = { 200: oneResponseSchema(z.array(ProviderOptionSchema)) };

  app.get(
    `${base}/sendgrid/contacts-lists`,
    {
      config: admin,
      schema: {
        tags,
        operationId: 'integrations.sendgridContactLists',
        summary: "SendGrid's Marketing contact lists",
        params: asset,
        response: options,
      },
    },
    async (req) => ({ data: await sendGridContactLists(deps, actorOf(req), req.params.id) }),
  );
}
