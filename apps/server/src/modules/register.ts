import type { FastifyInstance } from 'fastify';
import { trpcPlugin } from '../trpc/trpc.plugin.js';
import { healthRoutes } from './health/health.routes.js';

/** Every domain's REST routes and the tRPC door, registered in one explicit list. */
export async function registerApiModules(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(trpcPlugin);
}
