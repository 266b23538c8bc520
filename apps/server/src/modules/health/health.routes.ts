import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorEnvelopeSchema, HealthSchema, ReadinessSchema } from '@crm/domain';

// docs/api.md 'Addresses': liveness and readiness, public.
export async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/health',
    {
      config: { public: true },
      schema: { tags: ['health'], operationId: 'health.live', summary: 'The process lives', response: { 200: HealthSchema } },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/ready',
    {
      config: { public: true },
      schema: {
        tags: ['health'],
        operationId: 'health.ready',
        summary: 'PostgreSQL and Redis both answer',
        description: 'Otherwise 503 SERVICE_UNAVAILABLE, naming the ones down in `data.down`.',
        // The 503 is sent here, not thrown: a failing probe is not an error of the request to log.
        response: { 200: ReadinessSchema, 503: ErrorEnvelopeSchema },
      },
    },
    async (_req, reply) => {
      const { db, redis } = app.deps;
      const [database, cache] = await Promise.all([
        db.$queryRaw`SELECT 1`.then(
          () => true,
          () => false,
        ),
        Promise.race([
          redis.ping().then(
            () => true,
            () => false,
          ),
          new Promise<boolean>((r) => setTimeout(() => r(false), 1500)),
        ]),
      ]);
      const down = [!database && 'database', !cache && 'redis'].filter(Boolean) as string[];
      if (down.length) {
        return reply
          .status(503)
          .send({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' as const, message: `Not ready: ${down.join(', ')} down`, data: { down } });
      }
      return { status: 'ready' as const, database: 'up' as const, redis: 'up' as const };
    },
  );
}
