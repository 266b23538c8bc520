import { initTRPC, TRPCError } from '@trpc/server';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import { ERROR_CODES, ERROR_STATUS, type PermissionCode } from '@crm/domain';
import { assertActorCan, assetOfActor, type PermissionMode } from '../core/authorization.js';
import type { FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import type { Actor } from '../core/actor.js';
import type { AppDeps } from '../core/deps.js';
import { AppError } from '../core/app-error.js';
import { isDependencyDown, serviceUnavailable } from '../core/dependency-errors.js';
import { type ErrorEnvelope, toEnvelope, validationError } from '../core/error-envelope.js';
import { authenticate } from '../plugins/auth.plugin.js';
// Brings FastifyRequest.timezone/language into the router's type graph (the web checks it through AppRouter).
import type {} from '../core/request-locale.js';

export interface TrpcContext {
  deps: AppDeps;
  req: CreateFastifyContextOptions['req'];
  res: CreateFastifyContextOptions['res'];
  /** Resolved lazily: public procedures never touch the token. */
  getActor: () => Promise<Actor>;
}

export function createContextFactory(app: FastifyInstance) {
  return ({ req, res }: CreateFastifyContextOptions): TrpcContext => {
    let actor: Promise<Actor> | undefined;
    // The auth hook has already resolved a request that carries a valid token (plugins/auth.plugin.ts).
    return { deps: app.deps, req, res, getActor: () => (actor ??= req.actor ? Promise.resolve(req.actor) : authenticate(app, req)) };
  };
}

const TRPC_CODE = {
  VALIDATION_ERROR: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  URI_TOO_LONG: 'BAD_REQUEST',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  HEADERS_TOO_LARGE: 'BAD_REQUEST',
  RATE_LIMITED: 'TOO_MANY_REQUESTS',
  INTERNAL_SERVER_ERROR: 'INTERNAL_SERVER_ERROR',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
} as const;

/**
 * A tRPC error as the envelope: a service's AppError as it is, an input that failed its schema with its field
 * messages, a request tRPC could not read (malformed JSON, no such procedure) as 400/404, anything else a bare 500.
 */
function envelopeOf(error: TRPCError, httpStatus: number): ErrorEnvelope {
  if (error.cause instanceof AppError || error.cause instanceof ZodError) return toEnvelope(error.cause);
  if (error.code === 'BAD_REQUEST' || error.code === 'PARSE_ERROR')
    return toEnvelope(AppError.validation({ _: [error.message] }, 'Malformed request'));
  if (error.code === 'NOT_FOUND') return toEnvelope(AppError.notFound(error.message));
  if (error.code === 'INTERNAL_SERVER_ERROR') return toEnvelope(error);
  const known = ERROR_CODES.find((code) => ERROR_STATUS[code] === httpStatus);
  return { statusCode: httpStatus, code: known ?? 'INTERNAL_SERVER_ERROR', message: error.message };
}

const t = initTRPC.context<TrpcContext>().create({
  // The second of the two places errors become the error envelope: `shape.data.envelope`.
  errorFormatter({ shape, error }) {
    const envelope = envelopeOf(error, shape.data.httpStatus);
    return { message: envelope.message, code: shape.code, data: { httpStatus: envelope.statusCode, code: envelope.code, envelope } };
  },
});

/** Turns an AppError thrown by a service into a TRPCError carrying it (status and envelope preserved). */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: TRPC_CODE[cause.code], message: cause.message, cause });
  }
  if (!result.ok && isDependencyDown(result.error.cause)) {
    const cause = serviceUnavailable();
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: cause.message, cause });
  }
  return result;
});

export const router = t.router;

/**
 * Input errors inside `key` read as if that part were the whole input: `update` carries the body in `data`, and its
 * messages name `phone`, as REST's do (and as the form's fields are named), not `data.phone`.
 */
export function inputRootedAt(key: string) {
  return t.middleware(async ({ next }) => {
    const result = await next();
    if (!result.ok && result.error.code === 'BAD_REQUEST' && result.error.cause instanceof ZodError) {
      const issues = result.error.cause.issues.map((issue) => (issue.path[0] === key ? { ...issue, path: issue.path.slice(1) } : issue));
      throw validationError(new ZodError(issues));
    }
    return result;
  });
}
export const publicProcedure = t.procedure.use(appErrors);

export const protectedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const actor = await ctx.getActor();
  return next({ ctx: { ...ctx, actor } });
});

/** Requires an active asset: the tenancy every asset-scoped call runs in. */
export const assetProcedure = protectedProcedure.use(async ({ ctx, next }) => next({ ctx: { ...ctx, assetId: assetOfActor(ctx.actor) } }));

export function permissionProcedure(codes: PermissionCode[], mode: PermissionMode = 'any') {
  return assetProcedure.use(async ({ ctx, next }) => {
    assertActorCan(ctx.actor, codes, { log: ctx.req.log, mode, what: { url: ctx.req.url } });
    return next();
  });
}
