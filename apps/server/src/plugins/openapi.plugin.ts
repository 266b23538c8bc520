import type { FastifyInstance, FastifySchema } from 'fastify';
import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { JsonValueSchema } from '@crm/domain';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import type { OpenApiTag } from '../modules/module.js';
import { addErrorResponses, ERROR_ANSWERS_KEY, errorAnswersOf, errorComponents } from './openapi-errors.js';

// GET /api/openapi.json and /api/docs (docs/api.md 'Addresses'), generated from the same zod schemas the
// routes validate with. Registered before the module routes: @fastify/swagger collects routes as they are
// added. Give each route `schema: { tags: ['leads'], summary, body, querystring, response }`, the tag declared by
// the module owning it (ServerModule.openapiTag); a route with `config: { public: true }` is documented without
// the bearer requirement. Every operation also lists its error answers, shared components (openapi-errors.ts).

/**
 * Recursive zod schemas (free-form JSON) become named components: inline, their self-references would point
 * nowhere. Each is emitted twice, `JsonValue` for answers and `JsonValueInput` for bodies.
 */
const componentRegistry = z.registry<{ id: string }>();
componentRegistry.add(JsonValueSchema, { id: 'JsonValue' });
const zodTransform = createJsonSchemaTransform({ schemaRegistry: componentRegistry });
const zodTransformObject = createJsonSchemaTransformObject({ schemaRegistry: componentRegistry });

const DOCS_PREFIX = '/api/docs';

const transform: SwaggerTransform = (input) => {
  // Only the REST API is documented: tRPC (its own typed client), the web app's files and the docs
  // themselves are left out.
  if (!input.url.startsWith('/api/') || input.url.startsWith(DOCS_PREFIX) || input.url === '/api/openapi.json') {
    return { schema: { hide: true } as FastifySchema, url: input.url };
  }
  let result: ReturnType<SwaggerTransform>;
  try {
    result = zodTransform(input);
  } catch {
    // A route written with a plain JSON schema instead of zod: document it as written rather than
    // failing the whole document.
    result = { schema: input.schema, url: input.url };
  }
  const errors = errorAnswersOf({ method: input.route.method, config: input.route.config, schema: input.schema });
  const schema = { ...result.schema, [ERROR_ANSWERS_KEY]: errors, ...(input.route.config?.public ? { security: [] } : {}) };
  return { ...result, schema: schema as FastifySchema };
};

const transformObject: SwaggerTransformObject = (input) => {
  // The document is OpenAPI 3.1 (below): zod's transform answers the union of every version's shape.
  const document = zodTransformObject(input) as Partial<OpenAPIV3_1.Document>;
  const errors = errorComponents();
  addErrorResponses(document.paths as Parameters<typeof addErrorResponses>[0]);
  return {
    ...document,
    components: {
      ...document.components,
      schemas: { ...document.components?.schemas, ...errors.schemas },
      responses: { ...document.components?.responses, ...errors.responses },
    },
  };
};

/** `tags`: the document's tags, each declared by its module (ServerModule.openapiTag). */
export async function openapiPlugin(app: FastifyInstance, tags: readonly OpenApiTag[]) {
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
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      // Paths carry their /api prefix: the server is the origin serving this document.
      servers: [{ url: '/', description: 'The server that serves this document' }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearerAuth: [] }],
      tags: [...tags],
    },
    transform,
    transformObject,
  });

  // Served from the package's bundled assets (no CDN); the page passes the CSP of security-headers.
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { docExpansion: 'list', deepLinking: true, persistAuthorization: false },
  });

  app.get('/api/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
}
