import { ERROR_STATUS, ErrorEnvelopeSchema, ValidationErrorEnvelopeSchema, type ErrorCode } from '@crm/domain';
import type { FastifySchema, HTTPMethods, RouteOptions } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';

// The error answers of the OpenAPI document (docs/api.md 'Errors'): one envelope schema and one shared response per
// code, in `components`, which each operation references. Which codes an operation lists is derived from the route
// (what it takes, whether it writes, whether it is public), so a new route documents them without a line of its own;
// a route adds the ones only its handler knows (a public call's 401, a 404 for an id named in the query, a 429)
// with `config: { errors: [...] }`.

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Error answers beyond the ones derived from the route (see openapi-errors.ts). */
    errors?: readonly ErrorCode[];
  }
}

/** The operation's codes, carried from the route transform to the document transform (then removed). */
export const ERROR_ANSWERS_KEY = 'x-error-answers';

const ENVELOPE = '#/components/schemas/ErrorEnvelope';

interface ErrorResponse {
  /** The component's name under components.responses. */
  name: string;
  description: string;
  schema?: string;
  headers?: Record<string, { description: string; schema: { type: 'integer' } }>;
}

const ERROR_RESPONSES: Record<ErrorCode, ErrorResponse> = {
  VALIDATION_ERROR: {
    name: 'ValidationError',
    description:
      'VALIDATION_ERROR: the input is invalid (an unknown field, a wrong type, a rule of the form). `data` maps each field ' +
      '(a dotted path, `_` for the whole input) to its messages.',
    schema: '#/components/schemas/ValidationErrorEnvelope',
  },
  UNAUTHORIZED: {
    name: 'Unauthorized',
    description: 'UNAUTHORIZED: no valid credentials (a missing, expired or revoked token, a disabled user, wrong credentials).',
  },
  FORBIDDEN: {
    name: 'Forbidden',
    description: 'FORBIDDEN: the caller lacks a permission of the call, or may not enter the asset named (`asset` or `x-asset`).',
  },
  URI_TOO_LONG: {
    name: 'UriTooLong',
    description: 'URI_TOO_LONG: the address is longer than the server reads (send a shorter filter, or POST where offered).',
  },
  HEADERS_TOO_LARGE: {
    name: 'HeadersTooLarge',
    description: 'HEADERS_TOO_LARGE: the request headers are larger than the server reads.',
  },
  NOT_FOUND: {
    name: 'NotFound',
    description: "NOT_FOUND: the record named does not exist, or is another asset's (both answer the same).",
  },
  CONFLICT: {
    name: 'Conflict',
    description:
      'CONFLICT: the write clashes with what is stored (a duplicate, a record still referenced, a state that changed meanwhile).',
  },
  PAYLOAD_TOO_LARGE: {
    name: 'PayloadTooLarge',
    description: 'PAYLOAD_TOO_LARGE: the body is over its limit (1 MB of JSON; 10 MB for an upload).',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    name: 'UnsupportedMediaType',
    description:
      'UNSUPPORTED_MEDIA_TYPE: the body is neither JSON nor (where the call uploads) multipart, or the file type is not allowed.',
  },
  RATE_LIMITED: {
    name: 'TooManyRequests',
    description:
      "RATE_LIMITED: over the call's budget (docs/api.md 'Rate limits'); retry after `Retry-After` seconds (also `data.retryAfter`).",
    headers: { 'Retry-After': { description: 'Seconds until the budget allows another attempt.', schema: { type: 'integer' } } },
  },
  INTERNAL_SERVER_ERROR: {
    name: 'InternalServerError',
    description: "INTERNAL_SERVER_ERROR: an unexpected failure; the message is only 'Internal server error'.",
  },
  SERVICE_UNAVAILABLE: {
    name: 'ServiceUnavailable',
    description:
      'SERVICE_UNAVAILABLE: the server is shutting down, or a dependency the call needs now (Redis, to queue a job) does not answer.',
  },
};

const WRITES = new Set<string>(['POST', 'PUT', 'PATCH', 'DELETE']);
type RouteFacts = Pick<RouteOptions, 'method' | 'config'> & { schema?: FastifySchema & { consumes?: readonly string[] } };

/**
 * The error codes one route answers, in status order: 400 where it takes input; 401 and 403 unless public; 404 where
 * its path names a record; 409 on writes that need a caller; 413 and 415 where it takes a body; 500 and 503 always
 * (503 while draining); plus the route's own `config.errors`.
 */
export function errorAnswersOf(route: RouteFacts): ErrorCode[] {
  const schema = route.schema ?? {};
  const methods: readonly HTTPMethods[] = Array.isArray(route.method) ? route.method : [route.method as HTTPMethods];
  const isPublic = route.config?.public === true;
  const takesBody = Boolean(schema.body) || Boolean(schema.consumes?.includes('multipart/form-data'));
  const codes = new Set<ErrorCode>(route.config?.errors ?? []);
  if (takesBody || schema.querystring || schema.params) codes.add('VALIDATION_ERROR');
  if (!isPublic) {
    codes.add('UNAUTHORIZED');
    codes.add('FORBIDDEN');
    if (methods.some((method) => WRITES.has(method))) codes.add('CONFLICT');
  }
  if (schema.params) codes.add('NOT_FOUND');
  if (takesBody) {
    codes.add('PAYLOAD_TOO_LARGE');
    codes.add('UNSUPPORTED_MEDIA_TYPE');
  }
  codes.add('INTERNAL_SERVER_ERROR');
  codes.add('SERVICE_UNAVAILABLE');
  return [...codes].sort((a, b) => ERROR_STATUS[a] - ERROR_STATUS[b]);
}

/** The answer's JSON schema (2020-12, the dialect of OpenAPI 3.1), without the `$schema` keyword. */
function jsonSchemaOf(schema: z.ZodType): OpenAPIV3_1.SchemaObject {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output' });
  return rest as OpenAPIV3_1.SchemaObject;
}

/** components.schemas and components.responses of the error answers. */
export function errorComponents(): {
  schemas: Record<string, OpenAPIV3_1.SchemaObject>;
  responses: Record<string, OpenAPIV3_1.ResponseObject>;
} {
  const responses: Record<string, OpenAPIV3_1.ResponseObject> = {};
  for (const answer of Object.values(ERROR_RESPONSES)) {
    responses[answer.name] = {
      description: answer.description,
      ...(answer.headers ? { headers: answer.headers } : {}),
      content: { 'application/json': { schema: { $ref: answer.schema ?? ENVELOPE } } },
    };
  }
  return {
    schemas: { ErrorEnvelope: jsonSchemaOf(ErrorEnvelopeSchema), ValidationErrorEnvelope: jsonSchemaOf(ValidationErrorEnvelopeSchema) },
    responses,
  };
}

type Operation = { responses?: Record<string, unknown> } & Record<string, unknown>;
const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && value in ERROR_STATUS;

/** Replaces each operation's carried codes by references to the shared responses (an answer it declares itself wins). */
export function addErrorResponses(paths: Record<string, Record<string, Operation>>): void {
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      const carried = operation[ERROR_ANSWERS_KEY];
      delete operation[ERROR_ANSWERS_KEY];
      if (!Array.isArray(carried)) continue;
      const responses = operation.responses ?? {};
      operation.responses = responses;
      for (const code of carried.filter(isErrorCode)) {
        const status = String(ERROR_STATUS[code]);
        responses[status] ??= { $ref: `#/components/responses/${ERROR_RESPONSES[code].name}` };
      }
    }
  }
}
