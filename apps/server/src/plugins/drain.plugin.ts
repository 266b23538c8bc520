import type { FastifyInstance } from 'fastify';
import { AppError } from '../core/app-error.js';
import { toEnvelope } from '../core/error-envelope.js';
import { isDraining, markDraining } from '../core/shutdown.js';

// While the app drains (core/shutdown.ts), every new request is refused with the 503 envelope and the
// connection is closed, so keep-alive clients move to another instance. Requests already past this hook
// (in flight) run to completion.
export async function drainPlugin(app: FastifyInstance) {
  app.decorate('lifecycle', { draining: false });
  // app.close() called directly (tests, embedding) drains too. Fastify's own 503 is off in app.ts so
  // every refusal carries our envelope.
  app.addHook('preClose', async () => {
    markDraining(app);
  });
  app.addHook('onRequest', async (_req, reply) => {
    if (!isDraining(app)) return;
    const envelope = toEnvelope(new AppError('SERVICE_UNAVAILABLE', 'The server is shutting down, please retry.'));
    return reply.status(503).header('connection', 'close').header('retry-after', '5').send(envelope);
  });
}
