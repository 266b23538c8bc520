import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { oneResponseSchema, SendGridWebhookReceiptSchema } from '@crm/domain';
import { rawWebhookScope } from '../../raw-webhook-scope.js';
import { receiveSendGridEvents } from './sendgrid-webhook.js';

// SendGrid's Event Webhook (docs/api.md 'Integrations'): public, signed, raw bytes.
export async function sendGridWebhookRoutes(fastify: FastifyInstance) {
  const tags = ['integrations'];
  await rawWebhookScope(fastify, async (scope, limit) => {
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/integrations/sendgrid/webhook/:integrationId',
      {
        config: { public: true },
        onRequest: limit,
        schema: {
          tags,
          operationId: 'integrations.sendgridWebhook',
          summary: "SendGrid's Event Webhook (ECDSA-signed; answered at once, redeliveries too)",
          params: z.object({ integrationId: z.uuid() }),
          response: { 200: oneResponseSchema(SendGridWebhookReceiptSchema) },
        },
      },
      async (req) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        return { data: await receiveSendGridEvents(scope.deps, req.params.integrationId, req.headers, raw) };
      },
    );
  });
}
