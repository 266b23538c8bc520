import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import { AUTH_MESSAGES } from '@crm/domain';
import type { AppDeps } from '../../core/deps.js';
import { AppError } from '../../core/app-error.js';

// Brute-force brakes on the public auth calls. Counters live in Redis (@fastify/rate-limit's Redis store under
// REDIS_PREFIX), so every process of the deployment shares them. Both doors call `enforceAuthRateLimit`
// with the same bucket and key, so REST and tRPC attempts count against one budget.
export const AUTH_RATE_LIMITS = {
  /** Per client IP and email: guessing one account's password. */
  login: { max: 10, timeWindowMs: 15 * 60_000 },
  /** Per client IP, whatever the email: one password tried against many accounts (password spraying). */
  loginPerIp: { max: 30, timeWindowMs: 15 * 60_000 },
  /** Per signed-in user: guessing the current password through change-password (a stolen session). */
  changePassword: { max: 5, timeWindowMs: 15 * 60_000 },
  /** Per client IP and email: mail-bombing one address. */
  forgotPassword: { max: 5, timeWindowMs: 15 * 60_000 },
  /** Per client IP: guessing reset tokens (verify-token shares this budget). */
  resetPassword: { max: 10, timeWindowMs: 15 * 60_000 },
  /** Per client IP: creating companies in bulk. */
  register: { max: 5, timeWindowMs: 60 * 60_000 },
  // Each signed-in browser refreshes about once per access token lifetime; an office behind one address has many.
  refresh: { max: 300, timeWindowMs: 15 * 60_000 },
} as const;
export type AuthRateBucket = keyof typeof AUTH_RATE_LIMITS;

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

const limitersByApp = new WeakMap<AppDeps, Record<AuthRateBucket, Limiter>>();
/** The key of the check in progress for a request (the plugin's key generator only receives the request). */
const pendingKeys = new WeakMap<FastifyRequest, string>();

/** Registers the plugin (no global limit) in the auth routes' scope and builds one limiter per bucket. */
export async function registerAuthRateLimits(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    redis: app.deps.redis,
    nameSpace: `${app.deps.env.REDIS_PREFIX}:rate-limit:auth:`,
    skipOnError: false,
  });
  const build = (bucket: AuthRateBucket) =>
    app.createRateLimit({
      max: AUTH_RATE_LIMITS[bucket].max,
      timeWindow: AUTH_RATE_LIMITS[bucket].timeWindowMs,
      keyGenerator: (req) => pendingKeys.get(req) ?? `${bucket}:${normalizeIP(req.ip)}`,
    });
  limitersByApp.set(app.deps, {
    login: build('login'),
    loginPerIp: build('loginPerIp'),
    changePassword: build('changePassword'),
    forgotPassword: build('forgotPassword'),
    resetPassword: build('resetPassword'),
    register: build('register'),
    refresh: build('refresh'),
  });
}

/** Emails are hashed in the key: Redis then holds no address in clear. */
function subjectKey(subject: string): string {
  return createHash('sha256').update(subject.toLowerCase()).digest('hex').slice(0, 24);
}

/**
 * Counts one attempt; over the budget throws 429 RATE_LIMITED with Retry-After (seconds). `reply` is given
 * by the tRPC door, whose error formatter does not copy AppError headers onto the response.
 */
export async function enforceAuthRateLimit(
  deps: AppDeps,
  req: FastifyRequest,
  bucket: AuthRateBucket,
  subject?: string,
  reply?: FastifyReply,
): Promise<void> {
  const limiters = limitersByApp.get(deps);
  if (!limiters) throw new Error('Auth rate limits are not registered');
  // A login counts twice: against the account tried from this address, and against the address itself.
  if (bucket === 'login') await enforceAuthRateLimit(deps, req, 'loginPerIp', undefined, reply);
  pendingKeys.set(req, `${bucket}:${normalizeIP(req.ip)}${subject ? `:${subjectKey(subject)}` : ''}`);
  const result = await limiters[bucket](req).finally(() => pendingKeys.delete(req));
  if (result.isAllowed || !result.isExceeded) return;
  const retryAfter = String(Math.max(1, result.ttlInSeconds));
  req.log.warn({ event: 'rate_limit.exceeded', bucket, ip: req.ip }, 'auth rate limit exceeded');
  reply?.header('retry-after', retryAfter);
  throw new AppError('RATE_LIMITED', AUTH_MESSAGES.tooManyRequests, { retryAfter: Number(retryAfter) }, { 'retry-after': retryAfter });
}
