import type { FastifyInstance, FastifySchema } from 'fastify';
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

// GET /api/openapi.json and /api/docs (docs/api.md 'Addresses'), generated from the same zod schemas the
// routes validate with. Registered before the module routes: @fastify/swagger collects routes as they are
// added. Give each route `schema: { tags: ['leads'], summary, body, querystring, response }`; a route with
// `config: { public: true }` is documented without the bearer requirement.
export const OPENAPI_TAGS = [
  { name: 'health', description: 'Liveness and readiness' },
  { name: 'auth', description: 'Login, logout, registration, password reset' },
  { name: 'profile', description: 'The caller, their assets and settings' },
];

const DOCS_PREFIX = '/api/docs';

const transform: SwaggerTransform = (input) => {
  // Only the REST API is documented: tRPC (its own typed client), the web app's files and the docs
  // themselves are left out.
  if (!input.url.startsWith('/api/') || input.url.startsWith(DOCS_PREFIX) || input.url === '/api/openapi.json') {
    return { schema: { hide: true } as FastifySchema, url: input.url };
  }
  let result: ReturnType<SwaggerTransform>;
  try {
    result = jsonSchemaTransform(input);
  } catch {
    // A route written with a plain JSON schema instead of zod: document it as written rather than
    // failing the whole document.
    result = { schema: input.schema, url: input.url };
  }
  if (input.route.config?.public) return { ...result, schema: { ...result.schema, security: [] } as FastifySchema };
  return result;
};

export async function openapiPlugin(app: FastifyInstance) {
  // The documentation is public (docs/api.md 'Authentication'); swagger-ui's routes cannot take a route config,
  // so they are marked here for the auth hook.
  app.addHook('onRoute', (route) => {
    if (route.url === DOCS_PREFIX || route.url.startsWith(`${DOCS_PREFIX}/`)) route.config = { ...route.config, public: true };
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Engage CRM API',
        version: '2.0.0',
        description:
          'REST API of the Engage CRM back-office. Errors answer `{ statusCode, code, message, data }`; lists answer ' +
          '`{ data, meta }`. Send `Authorization: Bearer <access_token>`, and `X-Timezone` / `X-Language` on every call.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearerAuth: [] }],
      tags: OPENAPI_TAGS,
    },
    transform,
    transformObject: jsonSchemaTransformObject,
  });

  // Served from the package's bundled assets (no CDN); the page passes the CSP of security-headers.
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { docExpansion: 'list', deepLinking: true, persistAuthorization: false },
  });

  app.get('/api/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
}
