import { Redis } from 'ioredis';

/** Redis for request paths: fails fast instead of queueing commands while Redis is down. */
export function createRedis(url: string): Redis {
  return new Redis(url, {
    lazyConnect: false,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2000,
  });
}

/** Redis for BullMQ workers, which must block and retry forever (BullMQ requires maxRetriesPerRequest null). */
export function createWorkerRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null });
}

/** Graceful QUIT, falling back to a hard disconnect; resolves once the socket has ended (at most ~1 s). */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'end') return;
  const ended = new Promise<void>((resolve) => {
    redis.once('end', () => resolve());
    setTimeout(resolve, 1000).unref();
  });
  await redis.quit().catch(() => redis.disconnect());
  await ended;
}
