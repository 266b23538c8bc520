import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import { AUTH_MESSAGES } from '@crm/domain';
import type { AppDeps } from '../../core/deps.js';
import { AppError } from '../../core/app-error.js';

// Brute-force brakes on the public auth calls. Counters live in Redis (@fastify/rate-limit's Redis store under
// REDIS_PREFIX), so every process of the deployment shares them. Both doors call `enforceAuthRateLimit`
// with the same bucket and key, so REST and tRPC attempts count against one budget.
// Sign-ins count only when they fail (`guardLogin`): an office behind one address signing in all morning never
// trips them, someone guessing does.
export const AUTH_RATE_LIMITS = {
  /** Failed sign-ins per client IP and email: guessing one account's password. */
  login: { max: 10, timeWindowMs: 15 * 60_000 },
  /** Failed sign-ins per client IP, whatever the email: one password tried against many accounts (spraying). */
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
  /** Per client IP: guessing viewing review links (the public review page's calls). */
  publicReview: { max: 60, timeWindowMs: 15 * 60_000 },
} as const;
export type AuthRateBucket = Exclude<keyof typeof AUTH_RATE_LIMITS, 'login' | 'loginPerIp'>;

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
    changePassword: build('changePassword'),
    forgotPassword: build('forgotPassword'),
    resetPassword: build('resetPassword'),
    register: build('register'),
    refresh: build('refresh'),
    publicReview: build('publicReview'),
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
  pendingKeys.set(req, `${bucket}:${normalizeIP(req.ip)}${subject ? `:${subjectKey(subject)}` : ''}`);
  const result = await limiters[bucket](req).finally(() => pendingKeys.delete(req));
  if (result.isAllowed || !result.isExceeded) return;
  throw tooMany(req, bucket, result.ttlInSeconds, reply);
}

function tooMany(req: FastifyRequest, bucket: string, ttlInSeconds: number, reply?: FastifyReply): AppError {
  const retryAfter = String(Math.max(1, Math.ceil(ttlInSeconds)));
  req.log.warn({ event: 'rate_limit.exceeded', bucket, ip: req.ip }, 'auth rate limit exceeded');
  reply?.header('retry-after', retryAfter);
  return new AppError('RATE_LIMITED', AUTH_MESSAGES.tooManyRequests, { retryAfter: Number(retryAfter) }, { 'retry-after': retryAfter });
}

/** The failed-sign-in counters of an attempt: the account from this address, and the address itself. */
function loginKeys(deps: AppDeps, req: FastifyRequest, email: string) {
  const base = `${deps.env.REDIS_PREFIX}:rate-limit:auth:failed-login`;
  const ip = normalizeIP(req.ip);
  return [
    { key: `${base}:${ip}:${subjectKey(email)}`, bucket: 'login', limit: AUTH_RATE_LIMITS.login },
    { key: `${base}:${ip}`, bucket: 'loginPerIp', limit: AUTH_RATE_LIMITS.loginPerIp },
  ] as const;
}

/**
 * Runs a sign-in (`attempt`) unless this address has failed too often, for this account or for any: then 429 with
 * Retry-After. A refused password or unknown account (401) counts against both budgets; a success costs nothing.
 * Counters live in Redis, so every process of the deployment shares them, and both doors call this.
 */
export async function guardLogin<T>(
  deps: AppDeps,
  req: FastifyRequest,
  email: string,
  attempt: () => Promise<T>,
  reply?: FastifyReply,
): Promise<T> {
  const keys = loginKeys(deps, req, email);
  const counts = await deps.redis.mget(...keys.map((k) => k.key));
  for (const [i, k] of keys.entries()) {
    if (Number(counts[i] ?? 0) < k.limit.max) continue;
    const ttl = await deps.redis.pttl(k.key);
    throw tooMany(req, k.bucket, (ttl > 0 ? ttl : k.limit.timeWindowMs) / 1000, reply);
  }
  try {
    return await attempt();
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 401) {
      const tx = deps.redis.multi();
      // The window starts at the first failure (NX) and is not pushed back by later ones.
      for (const k of keys) tx.incr(k.key).pexpire(k.key, k.limit.timeWindowMs, 'NX');
      await tx.exec();
    }
    throw error;
  }
}
