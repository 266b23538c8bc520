import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { oneResponseSchema, PARTNER_WEBHOOK_MAX_BYTES, WebhookReceiptSchema } from '@crm/domain';
import { rawWebhookScope } from '../../raw-webhook-scope.js';
import { answerWhatsAppHandshake, receiveWhatsAppWebhook } from './whatsapp-webhook.service.js';

// WhatsApp's public webhook (docs/api.md 'WhatsApp'): `GET` for Meta's subscription handshake, `POST` for its signed
// notifications, in a raw webhook scope (../raw-webhook-scope.ts: the signature covers exactly what was sent, and the
// same per-integration budget per minute as the partners' webhook, counted in Redis before the body is read).
export async function whatsAppWebhookRoutes(fastify: FastifyInstance) {
  await rawWebhookScope(fastify, async (scope, onRequest) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const url = '/api/integrations/whatsapp/webhook/:integrationId';
    const params = z.object({ integrationId: z.uuid() });

    app.get(
      url,
      {
        config: { public: true },
        onRequest,
        schema: {
          tags: ['integrations'],
          operationId: 'integrations.whatsappWebhookHandshake',
          summary: "Meta's subscription handshake: hub.challenge echoed when hub.verify_token is ours (else 403)",
          params,
          querystring: z.object({
            'hub.mode': z.string().max(50).optional(),
            'hub.verify_token': z.string().max(500).optional(),
            'hub.challenge': z.string().max(500).optional(),
          }),
          response: { 200: z.string() },
        },
      },
      async (req, reply) => {
        const challenge = await answerWhatsAppHandshake(app.deps, req.params.integrationId, req.query);
        return reply.type('text/plain; charset=utf-8').send(challenge);
      },
    );

    app.post(
      url,
      {
        config: { public: true },
        bodyLimit: PARTNER_WEBHOOK_MAX_BYTES,
        onRequest,
        schema: {
          tags: ['integrations'],
          operationId: 'integrations.whatsappWebhook',
          summary: 'WhatsApp posts messages and statuses (X-Hub-Signature-256; answered at once, duplicates too)',
          params,
          response: { 200: oneResponseSchema(WebhookReceiptSchema) },
        },
      },
      async (req) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        return { data: await receiveWhatsAppWebhook(app.deps, req.params.integrationId, req.headers, raw) };
      },
    );
  });
}
