import type { Redis } from 'ioredis';
import { AppError } from './app-error.js';

// How much one signed-in user may ask of the server at once, shared by every process through Redis: a request rate
// per minute and a number of requests in flight. One user's script (400 parallel list calls) then slows that user,
// not everyone else. 0 turns a limit off (benchmarks of the server's own capacity).

export interface UserLimits {
  requestsPerMinute: number;
  concurrentRequests: number;
}

/** Every request of the window counts; the in-flight counter expires on its own should a process die holding it. */
const ADMIT = `
local rate = redis.call('INCR', KEYS[1])
if rate == 1 then redis.call('PEXPIRE', KEYS[1], 60000) end
if tonumber(ARGV[1]) > 0 and rate > tonumber(ARGV[1]) then return {1, redis.call('PTTL', KEYS[1])} end
if tonumber(ARGV[2]) > 0 then
  local inflight = redis.call('INCR', KEYS[2])
  redis.call('PEXPIRE', KEYS[2], 300000)
  if inflight > tonumber(ARGV[2]) then
    redis.call('DECR', KEYS[2])
    return {2, 1000}
  end
  return {0, 1}
end
return {0, 0}`;

const RELEASE = `
local left = redis.call('DECR', KEYS[1])
if left <= 0 then redis.call('DEL', KEYS[1]) end
return left`;

export const USER_LIMIT_MESSAGES = {
  rate: 'Too many requests: please slow down and try again in a moment.',
  concurrent: 'Too many requests at once: wait for the ones running to finish.',
} as const;

function tooMany(message: string, retryAfterMs: number): AppError {
  const seconds = String(Math.max(1, Math.ceil(retryAfterMs / 1000)));
  return new AppError('RATE_LIMITED', message, { retryAfter: Number(seconds) }, { 'retry-after': seconds });
}

/**
 * Admits one request of `userId` or refuses it with 429 and Retry-After. Answers the release to call when the request
 * ends (or null when nothing is held).
 */
export async function admitUserRequest(
  redis: Redis,
  prefix: string,
  userId: string,
  limits: UserLimits,
): Promise<(() => Promise<void>) | null> {
  if (limits.requestsPerMinute <= 0 && limits.concurrentRequests <= 0) return null;
  const rateKey = `${prefix}:user-limits:rate:${userId}`;
  const inflightKey = `${prefix}:user-limits:inflight:${userId}`;
  const [refused, detail] = (await redis.eval(ADMIT, 2, rateKey, inflightKey, limits.requestsPerMinute, limits.concurrentRequests)) as [
    number,
    number,
  ];
  if (refused === 1) throw tooMany(USER_LIMIT_MESSAGES.rate, detail);
  if (refused === 2) throw tooMany(USER_LIMIT_MESSAGES.concurrent, detail);
  if (detail !== 1) return null;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    await redis.eval(RELEASE, 1, inflightKey);
  };
}
