import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IntegrationProviderNameSchema, oneResponseSchema, PARTNER_WEBHOOK_MAX_BYTES, WebhookReceiptSchema } from '@crm/domain';
import { receivePartnerLead } from './partner-webhook.service.js';
import { providerModule } from './providers/provider-registry.js';
import { rawWebhookScope } from './raw-webhook-scope.js';

// The providers' public webhook (docs/api.md 'Partner lead webhook'), in a raw webhook scope (raw-webhook-
// scope.ts): JSON read as raw bytes, so the signature is checked on exactly what was sent, and each integration's
// budget of calls a minute (counted in Redis, shared by every process) spent before its body is read.
export async function partnerWebhookRoutes(fastify: FastifyInstance) {
  await rawWebhookScope(fastify, async (scope, limit) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/api/integrations/:provider/webhook/:integrationId',
      {
        config: { public: true },
        bodyLimit: PARTNER_WEBHOOK_MAX_BYTES,
        onRequest: limit,
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
        // A provider that receives its own events here (DocuSign Connect's envelope events) says so in its declaration.
        const own = providerModule(req.params.provider).receiveWebhook;
        if (own) return { data: await own(app.deps, req.params.integrationId, req.headers, raw) };
        return { data: await receivePartnerLead(app.deps, req.params.provider, req.params.integrationId, req.headers, raw) };
      },
    );
  });
}
