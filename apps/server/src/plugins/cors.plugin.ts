import type { FastifyInstance } from 'fastify';
import cors from '@fastify/cors';

// CORS from env.CORS_ORIGINS only (@fastify/cors allows any origin unless configured). An origin
// not on the list gets no Access-Control-Allow-Origin, so the browser refuses the answer; env.ts refuses '*'
// because credentials are allowed.
export async function corsPlugin(app: FastifyInstance) {
  const allowed = new Set(app.deps.env.CORS_ORIGINS);
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: [
      'Authorization',
      'Content-Type',
      'X-Timezone',
      'X-Language',
      'X-Request-Id',
      'X-Asset',
      'trpc-accept',
      'x-trpc-source',
    ],
    exposedHeaders: ['X-Request-Id', 'Retry-After', 'Content-Disposition'],
    maxAge: 600,
  });
}
