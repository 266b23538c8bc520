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
