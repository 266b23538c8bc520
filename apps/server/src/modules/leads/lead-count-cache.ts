import { createHash } from 'node:crypto';
import type { AppDeps } from '../../core/deps.js';
import type { CountInput } from '../../resources/resource.types.js';

// The Leads report's `meta.total` over a million leads: counting every match takes ~80-300 ms, far
// more than the page itself. The exact count is kept in Redis per (asset, generation, filter) for a short time.
// Every lead write of the asset bumps the asset's generation after it commits, so the next list counts again:
// a total is never older than the last write through the lead services, and at most COUNT_TTL_SECONDS old for
// writes that bypass them (a bulk SQL import). Without Redis (down, or a caller without it) it counts directly.

export const LEAD_COUNT_TTL_SECONDS = 30;

type CacheDeps = Partial<Pick<AppDeps, 'redis' | 'env' | 'log'>>;

const generationKey = (prefix: string, assetId: string) => `${prefix}:lead-count:gen:${assetId}`;

/** Counts being computed in this process: concurrent identical lists share one count query. */
const pending = new Map<string, Promise<number>>();

function whereKey(where: unknown): string {
  return createHash('sha1').update(JSON.stringify(where)).digest('base64url');
}

/** The resource's `count` hook (lead.resource.ts): the cached exact count of the where, else a fresh one. */
export async function cachedLeadCount(input: CountInput): Promise<number> {
  const { redis, env, log } = input.deps;
  const assetId = input.access.assetId;
  if (!redis || !env || !assetId) return input.count();
  let key: string;
  try {
    const generation = (await redis.get(generationKey(env.REDIS_PREFIX, assetId))) ?? '0';
    key = `${env.REDIS_PREFIX}:lead-count:${assetId}:${generation}:${whereKey(input.where)}`;
    const cached = await redis.get(key);
    if (cached !== null) return Number(cached);
  } catch (error) {
    log?.warn({ err: error, event: 'lead.count.cache_unavailable' }, 'lead count cache unavailable; counting directly');
    return input.count();
  }
  const running = pending.get(key);
  if (running) return running;
  const counting = input.count().then(async (total) => {
    // The generation in the key was read before counting: a write that commits meanwhile bumps it, so this
    // value is only ever read by lists that started before that write.
    await redis.set(key, String(total), 'EX', LEAD_COUNT_TTL_SECONDS).catch(() => undefined);
    return total;
  });
  pending.set(key, counting);
  try {
    return await counting;
  } finally {
    pending.delete(key);
  }
}

/**
 * After a lead write of the asset commits: cached totals of the asset stop being used. Never fails the write
 * (it is done); with Redis unreachable the cached totals expire on their own within the TTL.
 */
export async function invalidateLeadCounts(deps: CacheDeps, assetId: string): Promise<void> {
  if (!deps.redis || !deps.env) return;
  const key = generationKey(deps.env.REDIS_PREFIX, assetId);
  await deps.redis
    .multi()
    .incr(key)
    // Kept well beyond the totals' TTL, so an expired generation can never bring old totals back.
    .expire(key, 86_400)
    .exec()
    .catch((error: unknown) =>
      deps.log?.warn({ err: error, event: 'lead.count.invalidate_failed', assetId }, 'lead count cache not invalidated'),
    );
}
