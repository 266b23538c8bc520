import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IntegrationProviderNameSchema, oneResponseSchema, PARTNER_WEBHOOK_MAX_BYTES, WebhookReceiptSchema } from '@crm/domain';
import { receivePartnerLead } from './partner-webhook.service.js';

// The providers' public webhook (docs/api.md 'Partner lead webhook'). Its own scope reads JSON as raw bytes, so the
// signature is checked on exactly what was sent; every other route keeps the parsed JSON.
export async function partnerWebhookRoutes(fastify: FastifyInstance) {
  await fastify.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: PARTNER_WEBHOOK_MAX_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/api/integrations/:provider/webhook/:integrationId',
      {
        config: { public: true },
        bodyLimit: PARTNER_WEBHOOK_MAX_BYTES,
        schema: {
          tags: ['integrations'],
          operationId: 'integrations.webhook',
          summary: 'A provider posts an event (signed; answered at once, duplicates too)',
          params: z.object({ provider: IntegrationProviderNameSchema, integrationId: z.uuid() }),
          response: { 200: oneResponseSchema(WebhookReceiptSchema) },
        },
      },
      async (req) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        return { data: await receivePartnerLead(app.deps, req.params.provider, req.params.integrationId, req.headers, raw) };
      },
    );
  });
}
