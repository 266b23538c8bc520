import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../../../core/deps.js';

// One listing is brought in line at Property Finder by one worker at a time: two runs naming it (a write's run and
// the one it follows, a sync call, the schedule) would otherwise both find no ExternalRef and create it twice. A
// Redis lock per listing (SET NX with an expiry, released only by its holder); the second run waits its turn, then
// reads the reference the first wrote. A holder that died frees it when the lock expires.

const HOLD_MS = 120_000;
const WAIT_MS = 60_000;
const POLL_MS = 100;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export async function withListingLock<T>(deps: Pick<AppDeps, 'redis'>, listingId: string, work: () => Promise<T>): Promise<T> {
  const key = `pf-listing-lock:${listingId}`;
  const token = randomUUID();
  const until = Date.now() + WAIT_MS;
  while ((await deps.redis.set(key, token, 'PX', HOLD_MS, 'NX')) !== 'OK') {
    // Thrown as a plain error: the sync queue tries the run again later.
    if (Date.now() > until) throw new Error(`Listing ${listingId} is still being sent to Property Finder by another run.`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  try {
    return await work();
  } finally {
    await deps.redis.eval(RELEASE, 1, key, token).catch(() => undefined);
  }
}
