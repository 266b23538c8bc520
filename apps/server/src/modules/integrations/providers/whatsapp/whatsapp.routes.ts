import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { oneResponseSchema, PERMISSIONS, WhatsAppTemplateSchema, WhatsAppTriggerSchema, WhatsAppTriggersUpdateSchema } from '@crm/domain';
import { actorOf } from '../../../../plugins/auth.plugin.js';
import { updateWhatsAppTriggers, whatsAppTemplates, whatsAppTriggers } from './whatsapp-settings.service.js';

// WhatsApp's lookups under /api/assets/{id}/integrations/ (docs/api.md 'WhatsApp'), with INTEGRATIONS_VIEW; tRPC:
// messaging.procedures.ts. Its public webhook is whatsapp-webhook.routes.ts.
export async function whatsAppRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tags = ['integrations'];
  const config = { permissions: [PERMISSIONS.INTEGRATIONS_VIEW] };
  const base = '/api/assets/:id/integrations';
  const params = z.object({ id: z.string().max(100) });

  app.get(
    `${base}/whatsapp/templates`,
    {
      config,
      schema: {
        tags,
        operationId: 'integrations.whatsappTemplates',
        summary: "The WhatsApp Business account's message templates",
        params,
        response: { 200: oneResponseSchema(z.array(WhatsAppTemplateSchema)) },
      },
    },
    async (req) => ({ data: await whatsAppTemplates(deps, actorOf(req), req.params.id) }),
  );

  app.get(
    `${base}/whatsapp/triggers`,
    {
      config,
      schema: {
        tags,
        operationId: 'integrations.whatsappTriggers',
        summary: 'Which template each event sends by itself',
        params,
        response: { 200: oneResponseSchema(z.array(WhatsAppTriggerSchema)) },
      },
    },
    async (req) => ({ data: await whatsAppTriggers(deps, actorOf(req), req.params.id) }),
  );

  app.patch(
    `${base}/whatsapp/triggers`,
    {
      config,
      schema: {
        tags,
        operationId: 'integrations.updateWhatsappTriggers',
        summary: "Set (a template's name) or clear (null) the template an event sends",
        params,
        body: WhatsAppTriggersUpdateSchema,
        response: { 200: oneResponseSchema(z.array(WhatsAppTriggerSchema)) },
      },
    },
    async (req) => ({ data: await updateWhatsAppTriggers(deps, actorOf(req), req.params.id, req.body) }),
  );
}
