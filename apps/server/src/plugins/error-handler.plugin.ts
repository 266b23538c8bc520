import type { z } from 'zod';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';
import { AppError, NotReadyError } from '../core/app-error.js';
import { isDependencyDown, serviceUnavailable } from '../core/dependency-errors.js';
import { toEnvelope, zodIssuesToFields } from '../core/error-envelope.js';
import { pathOnly, recordSystemLog } from '../core/system-log.js';
import type { NotFoundFallback } from './web-app.plugin.js';

// The one place REST errors become the error envelope of docs/api.md 'Errors' (tRPC's formatter is the other).

/** fastify-type-provider-zod 7 flattens each zod issue into ajv's shape; this puts it back together. */
function toZodIssue(v: ZodFastifySchemaValidationError): z.core.$ZodIssue {
  const path = (v.instancePath ?? '').split('/').filter(Boolean);
  return { ...v.params, code: v.keyword, message: v.message ?? 'Invalid value.', path } as z.core.$ZodIssue;
}

function classify(error: FastifyError): AppError | undefined {
  if (error instanceof AppError) return error;
  if (isDependencyDown(error)) return serviceUnavailable();
  if (hasZodFastifySchemaValidationErrors(error)) return AppError.validation(zodIssuesToFields(error.validation.map(toZodIssue)));
  if (error.validation) return AppError.validation({ _: [error.message] });
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      // Also what Fastify answers for `__proto__` / `constructor.prototype` keys (onProtoPoisoning: 'error').
      return AppError.validation({ _: ['Malformed JSON body.'] }, 'Malformed JSON body');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', 'Payload too large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported media type');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return AppError.validation({ _: ['Invalid content length.'] });
    default:
      break;
  }
  if (error.statusCode === 429) return new AppError('RATE_LIMITED', 'Too many requests, please try again later.');
  if (error.statusCode === 413) return new AppError('PAYLOAD_TOO_LARGE', 'Payload too large');
  if (error.statusCode === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported media type');
  if (error.statusCode === 404) return AppError.notFound();
  if (error.statusCode === 400) return AppError.validation({ _: [error.message] });
  return undefined;
}

/** `notFoundFallback`: the web app's index.html for client routes (plugins/web-app.plugin.ts), if served. */
export async function errorHandlerPlugin(app: FastifyInstance, options: { notFoundFallback?: NotFoundFallback | null } = {}) {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    let known: AppError | undefined;
    try {
      known = classify(error);
    } catch (classifyError) {
      // Never let the error handler itself fail: Fastify's fallback would echo the message.
      req.log.error({ err: classifyError }, 'error classification failed');
    }
    if (!known || (known.statusCode >= 500 && !(known instanceof NotReadyError))) req.log.error({ err: error }, 'request failed');
    const envelope = toEnvelope(known ?? error);
    // 5xx answers go to Admin > System logs with their request id; a 503 means the database or Redis is away,
    // where the row could not be written anyway.
    if (envelope.statusCode >= 500 && envelope.statusCode !== 503)
      void recordSystemLog(app.deps, {
        source: 'http',
        event: 'request.failed',
        message: error.message || envelope.message,
        requestId: String(req.id),
        method: req.method,
        url: pathOnly(req.url),
        status: envelope.statusCode,
        companyId: req.actor?.companyId ?? null,
        assetId: req.actor?.assetId ?? null,
        userId: req.actor?.userId ?? null,
      });
    if (known?.headers) for (const [name, value] of Object.entries(known.headers)) reply.header(name, value);
    return reply.status(envelope.statusCode).send(envelope);
  });
  app.setNotFoundHandler((req, reply) => {
    const served = options.notFoundFallback?.(req, reply);
    if (served) return served;
    const envelope = toEnvelope(AppError.notFound(`Route ${req.method} ${req.url.split('?')[0]} not found`));
    return reply.status(404).send(envelope);
  });
}
