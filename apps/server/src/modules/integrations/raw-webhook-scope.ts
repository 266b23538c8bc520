import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PARTNER_WEBHOOK_MAX_BYTES } from '@crm/domain';
import { AppError } from '../../core/app-error.js';

// A scope for a provider's own public webhook route (e.g. /api/integrations/sendgrid/webhook/{integrationId}, which
// takes precedence over the partners' `:provider` route): JSON read as raw bytes so the signature is checked on
// exactly what was sent, 1 MB at most, and each integration's own budget of calls a minute, counted in Redis, before
// the body is read (docs/api.md 'Partner lead webhook' has the same rules).

export async function rawWebhookScope(
  fastify: FastifyInstance,
  routes: (scope: FastifyInstance, limit: (req: FastifyRequest) => Promise<void>) => Promise<void>,
) {
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
    const limit = async (req: FastifyRequest) => {
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
    await routes(scope, limit);
  });
}
