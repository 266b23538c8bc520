import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', { config: { public: true }, schema: { tags: ['health'] } }, async () => ({ status: 'ok' }));

  app.get('/api/ready', { config: { public: true }, schema: { tags: ['health'] } }, async (_req, reply) => {
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
        .send({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: `Not ready: ${down.join(', ')} down`, data: { down } });
    }
    return { status: 'ready', database: 'up', redis: 'up' };
  });
}
