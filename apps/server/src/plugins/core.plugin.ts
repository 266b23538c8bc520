import type { FastifyInstance } from 'fastify';
import { requestContextPlugin } from './request-context.plugin.js';
import { securityHeadersPlugin } from './security-headers.plugin.js';
import { corsPlugin } from './cors.plugin.js';
import { drainPlugin } from './drain.plugin.js';
import { webAppPlugin } from './web-app.plugin.js';
import { errorHandlerPlugin } from './error-handler.plugin.js';
import { authPlugin } from './auth.plugin.js';
import type { OpenApiTag } from '../modules/module.js';
import { openapiPlugin } from './openapi.plugin.js';
import { memoryReleasePlugin } from './memory-release.plugin.js';

/**
 * Cross-cutting plugins, in this order (onRequest hooks run in it too):
 * request id / zone / language first, so even a refusal carries x-request-id; security headers and CORS
 * before anything can answer; the draining 503 before any work; streamed answers counted (memory-release.plugin.ts);
 * the web app's files and the error/404
 * handlers; the auth hook; OpenAPI last, because it documents the routes added after it (registerApiModules).
 */
export async function registerCore(app: FastifyInstance, options: { openapiTags: readonly OpenApiTag[] }) {
  await requestContextPlugin(app);
  await securityHeadersPlugin(app);
  await corsPlugin(app);
  await drainPlugin(app);
  await memoryReleasePlugin(app);
  const notFoundFallback = await webAppPlugin(app, { distDir: app.deps.env.WEB_DIST_DIR });
  await errorHandlerPlugin(app, { notFoundFallback });
  await authPlugin(app);
  await openapiPlugin(app, options.openapiTags);
}
