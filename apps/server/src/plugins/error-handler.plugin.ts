import type { z } from 'zod';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../core/app-error.js';
import { toEnvelope, zodIssuesToFields } from '../core/error-envelope.js';

// The one place REST errors become CONTRACT.md's envelope (tRPC's formatter is the other).
function classify(error: FastifyError): AppError | undefined {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    return AppError.validation(zodIssuesToFields(error.validation.map((v) => v.params.issue as z.core.$ZodIssue)));
  }
  if (error.validation) return AppError.validation({ _: [error.message] });
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
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
  if (error.statusCode === 404) return AppError.notFound();
  if (error.statusCode === 400) return AppError.validation({ _: [error.message] });
  return undefined;
}

export async function errorHandlerPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const known = classify(error);
    if (!known || known.statusCode >= 500) req.log.error({ err: error }, 'request failed');
    const envelope = toEnvelope(known ?? error);
    if (known?.headers) for (const [name, value] of Object.entries(known.headers)) reply.header(name, value);
    return reply.status(envelope.statusCode).send(envelope);
  });
  app.setNotFoundHandler((req, reply) => {
    const envelope = toEnvelope(AppError.notFound(`Route ${req.method} ${req.url.split('?')[0]} not found`));
    return reply.status(404).send(envelope);
  });
}
