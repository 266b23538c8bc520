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

/** Query values that are secrets (file links' `?token=`, signed URLs, WhatsApp's webhook handshake): never logged. */
const SECRET_PARAMS = /([?&](?:token|access_token|signature|sig|key|code|hub\.verify_token)=)[^&#]*/gi;
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/** Probes of load balancers and orchestrators: answered, never logged (they would drown the real lines). */
const QUIET_PATHS = new Set(['/api/health', '/api/ready']);

export async function requestContextPlugin(app: FastifyInstance) {
  // One line per request, when it ends: who asked what, the answer and how long it took (Fastify's own two
  // lines are off in app.ts).
  app.addHook('onResponse', async (req, reply) => {
    const path = req.url.split('?')[0] ?? req.url;
    if (QUIET_PATHS.has(path)) return;
    req.log.info(
      { method: req.method, url: redactUrl(req.url), statusCode: reply.statusCode, responseTimeMs: Math.round(reply.elapsedTime) },
      'request',
    );
  });
  app.decorateRequest('timezone', 'UTC');
  app.decorateRequest('language', 'en');
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
    req.timezone = resolveTimezone(req.headers['x-timezone']);
    req.language = resolveLanguage(req.headers['x-language'], req.headers['accept-language']);
  });
}
