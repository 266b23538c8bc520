import type { FastifyInstance } from 'fastify';
import { errorHandlerPlugin } from './error-handler.plugin.js';
import { authPlugin } from './auth.plugin.js';

/** Cross-cutting plugins, in order. Security headers, CORS, rate limits, OpenAPI and shutdown join here. */
export async function registerCore(app: FastifyInstance) {
  await errorHandlerPlugin(app);
  await authPlugin(app);
}
