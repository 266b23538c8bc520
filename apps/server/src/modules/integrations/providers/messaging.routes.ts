import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IntercomDataAttributeSchema,
  oneResponseSchema,
  PERMISSIONS,
  WhatsAppTemplateSchema,
  WhatsAppTriggerSchema,
  WhatsAppTriggersUpdateSchema,
} from '@crm/domain';
import { actorOf } from '../../../plugins/auth.plugin.js';
import { intercomDataAttributes } from './intercom/intercom-attributes.service.js';
import { whatsAppWebhookRoutes } from './whatsapp/whatsapp-webhook.routes.js';
import { updateWhatsAppTriggers, whatsAppTemplates, whatsAppTriggers } from './whatsapp/whatsapp-settings.service.js';

// WhatsApp's and Intercom's lookups under /api/assets/{id}/integrations/ (docs/api.md 'WhatsApp', 'Intercom'), with
// INTEGRATIONS_VIEW, and WhatsApp's public webhook.
export async function messagingRoutes(fastify: FastifyInstance) {
  await whatsAppWebhookRoutes(fastify);
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
