import { initTRPC, TRPCError } from '@trpc/server';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import { hasPermission, type PermissionCode } from '@crm/domain';
import type { FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import type { Actor } from '../core/actor.js';
import type { AppDeps } from '../core/deps.js';
import { AppError } from '../core/app-error.js';
import { toEnvelope, validationError } from '../core/error-envelope.js';
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
    return { deps: app.deps, req, res, getActor: () => (actor ??= authenticate(app, req)) };
  };
}

const TRPC_CODE = {
  VALIDATION_ERROR: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  RATE_LIMITED: 'TOO_MANY_REQUESTS',
  INTERNAL_SERVER_ERROR: 'INTERNAL_SERVER_ERROR',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
} as const;

const t = initTRPC.context<TrpcContext>().create({
  // The second of the two places errors become the error envelope: `shape.data.envelope`.
  errorFormatter({ shape, error }) {
    const cause = error.cause instanceof AppError ? error.cause : error.code === 'BAD_REQUEST' && error.cause ? error.cause : undefined;
    const envelope = cause
      ? toEnvelope(cause)
      : error.code === 'INTERNAL_SERVER_ERROR'
        ? toEnvelope(error)
        : { statusCode: shape.data.httpStatus, code: 'INTERNAL_SERVER_ERROR' as const, message: error.message };
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
export const assetProcedure = protectedProcedure.use(async ({ ctx, next }) => {
  if (!ctx.actor.assetId) throw AppError.forbidden('You have no asset to work in.');
  return next({ ctx: { ...ctx, assetId: ctx.actor.assetId } });
});

export function permissionProcedure(codes: PermissionCode[], mode: 'any' | 'all' = 'any') {
  return assetProcedure.use(async ({ ctx, next }) => {
    const a = ctx.actor;
    if (!hasPermission({ id: a.userId, roleCode: a.roleCode, permissions: a.permissions, isRootUser: a.isRootUser }, codes, { mode })) {
      ctx.req.log.warn({ event: 'permission.denied', userId: a.userId, required: codes }, 'permission denied');
      throw AppError.forbidden();
    }
    return next();
  });
}
