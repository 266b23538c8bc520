import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_KEY_HEADER, API_KEY_PREFIX, type PermissionCode } from '@crm/domain';
import { assertActorCan, assetOfActor } from '../core/authorization.js';
import { admitUserRequest } from '../core/user-limits.js';
import type { Actor } from '../core/actor.js';
import { AppError } from '../core/app-error.js';
import { resolveApiKeyActor } from '../modules/api-keys/index.js';
import { resolveActor } from '../modules/auth/index.js';

// Every /api route needs a valid bearer token unless its route config says `public: true`.
// Routes declare `permissions` (any-of, or all-of with permissionMode 'all'); denial is logged.
declare module 'fastify' {
  interface FastifyContextConfig {
    public?: boolean;
    permissions?: PermissionCode[];
    permissionMode?: 'any' | 'all';
  }
  interface FastifyRequest {
    actor: Actor | null;
    /** Frees the caller's in-flight slot (core/user-limits.ts) once the answer is sent. */
    releaseUserSlot: (() => Promise<void>) | null;
  }
}

export function bearerToken(req: Pick<FastifyRequest, 'headers'>): string | null {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** The asset a request names (`asset` query parameter or x-asset header); checked against the actor's assets. */
export function requestedAsset(req: FastifyRequest): string | undefined {
  const query = req.query as Record<string, unknown> | undefined;
  const fromQuery = query && typeof query.asset === 'string' ? query.asset : undefined;
  const header = req.headers['x-asset'];
  return fromQuery ?? (typeof header === 'string' ? header : undefined);
}

/** An integrator's API key: the `X-Api-Key` header, or a bearer token that is a key (docs/api.md 'API keys'). */
export function apiKey(req: Pick<FastifyRequest, 'headers'>): string | null {
  const header = req.headers[API_KEY_HEADER];
  if (typeof header === 'string' && header) return header.trim();
  const token = bearerToken(req);
  return token?.startsWith(API_KEY_PREFIX) ? token : null;
}

/** Does the request carry credentials (a session token or an API key)? */
export function hasCredentials(req: Pick<FastifyRequest, 'headers'>): boolean {
  return bearerToken(req) !== null || apiKey(req) !== null;
}

export async function authenticate(app: FastifyInstance, req: FastifyRequest): Promise<Actor> {
  const key = apiKey(req);
  const token = bearerToken(req);
  if (!key && !token) throw AppError.unauthorized('Missing bearer token');
  try {
    if (key) return await resolveApiKeyActor(app.deps, key, requestedAsset(req));
    return await resolveActor(app.deps, token ?? '', requestedAsset(req));
  } catch (error) {
    if (error instanceof AppError && (error.code === 'UNAUTHORIZED' || error.code === 'FORBIDDEN')) {
      req.log.warn(
        { event: error.code === 'UNAUTHORIZED' ? 'auth.denied' : 'permission.denied', reason: error.message, url: req.url },
        'request denied',
      );
    }
    throw error;
  }
}

/** Holds one of the caller's request slots (core/user-limits.ts) until the answer is sent. */
async function admit(app: FastifyInstance, req: FastifyRequest, actor: Actor) {
  const { env, redis } = app.deps;
  const release = await admitUserRequest(redis, env.REDIS_PREFIX, actor.userId, {
    requestsPerMinute: env.USER_REQUESTS_PER_MINUTE,
    concurrentRequests: env.USER_CONCURRENT_REQUESTS,
  });
  if (release) req.releaseUserSlot = release;
}

export async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('actor', null);
  app.decorateRequest('releaseUserSlot', null);
  app.addHook('onRequest', async (req) => {
    const config = req.routeOptions.config;
    if (req.url.startsWith('/trpc/')) {
      // tRPC resolves its caller per procedure (public ones need none); a request that carries a valid token is
      // that user's request all the same, and counts against their limits.
      if (!hasCredentials(req)) return;
      const actor = await authenticate(app, req).catch(() => null);
      if (!actor) return;
      req.actor = actor;
      await admit(app, req, actor);
      return;
    }
    if (!req.url.startsWith('/api/') || config.public || !req.routeOptions.url) return;
    const actor = await authenticate(app, req);
    req.actor = actor;
    if (config.permissions?.length) {
      assertActorCan(actor, config.permissions, { log: req.log, mode: config.permissionMode ?? 'any', what: { url: req.url } });
    }
    await admit(app, req, actor);
  });
  const release = async (req: FastifyRequest) => {
    const held = req.releaseUserSlot;
    req.releaseUserSlot = null;
    await held?.().catch((error: unknown) => req.log.warn({ err: error }, 'user request slot not released (it expires on its own)'));
  };
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
}

/** The caller of an authenticated route (the preHandler guarantees it). */
export function actorOf(req: FastifyRequest): Actor {
  if (!req.actor) throw AppError.unauthorized();
  return req.actor;
}

/** The active asset (or the one the request named, checked when the caller was resolved). */
export function assetOf(req: FastifyRequest): string {
  return assetOfActor(actorOf(req));
}
