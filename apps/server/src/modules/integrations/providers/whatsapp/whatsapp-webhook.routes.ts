import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import rateLimit from '@fastify/rate-limit';
import { oneResponseSchema, PARTNER_WEBHOOK_MAX_BYTES, WebhookReceiptSchema } from '@crm/domain';
import { AppError } from '../../../../core/app-error.js';
import { answerWhatsAppHandshake, receiveWhatsAppWebhook } from './whatsapp-webhook.service.js';

// WhatsApp's public webhook (docs/api.md 'WhatsApp'): `GET` for Meta's subscription handshake, `POST` for its signed
// notifications. Its own scope reads JSON as raw bytes (the signature covers exactly what was sent) and has the same
// per-integration budget per minute as the partners' webhook, counted in Redis before the body is read.
export async function whatsAppWebhookRoutes(fastify: FastifyInstance) {
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
    const onRequest = async (req: Parameters<typeof limiter>[0]) => {
      const result = await limiter(req);
      if (result.isAllowed || !result.isExceeded) return;
      const retryAfter = String(Math.max(1, Math.ceil(result.ttlInSeconds)));
      throw new AppError(
        'RATE_LIMITED',
        'Too many webhook calls: retry later.',
        { retryAfter: Number(retryAfter) },
        { 'retry-after': retryAfter },
      );
    };
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: PARTNER_WEBHOOK_MAX_BYTES }, (_req, body, done) =>
      done(null, body),
    );
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
