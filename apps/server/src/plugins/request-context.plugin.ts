import { randomUUID } from 'node:crypto';
import type { FastifyInstance, RawRequestDefaultExpression } from 'fastify';
import { resolveLanguage, resolveTimezone } from '../core/request-locale.js';

// Per-request context every later part reads: the request id (logged by pino on each line as `reqId` and
// echoed in `x-request-id`), the caller's IANA zone (`X-Timezone`, unknown -> 'UTC') and language
// (`X-Language`, else Accept-Language, else 'en'); the request's fields are declared in core/request-locale.ts.

// A proxy's or client's id is kept only when it cannot forge log lines or headers.
const SANE_REQUEST_ID = /^[\w.:@-]{1,64}$/;

/** Fastify `genReqId`: the incoming x-request-id when sane, else a fresh UUID. */
export function genRequestId(req: RawRequestDefaultExpression): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

export async function requestContextPlugin(app: FastifyInstance) {
  app.decorateRequest('timezone', 'UTC');
  app.decorateRequest('language', 'en');
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
    req.timezone = resolveTimezone(req.headers['x-timezone']);
    req.language = resolveLanguage(req.headers['x-language'], req.headers['accept-language']);
  });
}
