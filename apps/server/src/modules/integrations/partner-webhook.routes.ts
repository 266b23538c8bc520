import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import rateLimit from '@fastify/rate-limit';
import { IntegrationProviderNameSchema, oneResponseSchema, PARTNER_WEBHOOK_MAX_BYTES, WebhookReceiptSchema } from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import { receivePartnerLead } from './partner-webhook.service.js';
import { receiveDocuSignConnect } from './providers/docusign/docusign-connect.js';

// The providers' public webhook (docs/api.md 'Partner lead webhook'). Its own scope reads JSON as raw bytes, so the
// signature is checked on exactly what was sent; every other route keeps the parsed JSON. Each integration's
// webhook has its own budget per minute (counted in Redis, shared by every process) before its body is read.
export async function partnerWebhookRoutes(fastify: FastifyInstance) {
  await fastify.register(async (scope) => {
    await scope.register(rateLimit, {
      global: false,
      redis: scope.deps.redis,
      nameSpace: `${scope.deps.env.REDIS_PREFIX}:rate-limit:webhook:`,
      skipOnError: false,
    });
    const limiter = scope.createRateLimit({
      max: scope.deps.env.INTEGRATION_WEBHOOK_REQUESTS_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (req) => `webhook:${String((req.params as Record<string, unknown>).integrationId)}`,
    });
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
        onRequest: async (req) => {
          const result = await limiter(req);
          if (result.isAllowed || !result.isExceeded) return;
          const retryAfter = String(Math.max(1, Math.ceil(result.ttlInSeconds)));
          throw new AppError(
            'RATE_LIMITED',
            'Too many webhook calls: retry later.',
            { retryAfter: Number(retryAfter) },
            { 'retry-after': retryAfter },
          );
        },
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
        // DocuSign Connect's envelope events share the route (providers/docusign/docusign-connect.ts).
        if (req.params.provider === 'docusign')
          return { data: await receiveDocuSignConnect(app.deps, req.params.integrationId, req.headers, raw) };
        return { data: await receivePartnerLead(app.deps, req.params.provider, req.params.integrationId, req.headers, raw) };
      },
    );
  });
}
