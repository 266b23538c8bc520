import { createHash } from 'node:crypto';
import type { Access } from './resource-access.js';
import type { ResourceDefinition, ResourceDeps, Where } from './resource.types.js';

// The exact `total` of a list, cached per filter for resources that opt in (`cachedCount` in their facts): counting
// every match of a million rows takes ~80-300 ms, far more than the page itself (docs/architecture.md 'Resource
// contracts and the engine'). Totals live in Redis per (resource, tenancy, generation, where). Every write of the
// tenancy bumps its generation after the write commits, so a total is never older than the last write through the
// engine or the module's services, and at most the TTL old for writes that bypass them (a bulk SQL import).
// Without Redis (down, or a caller without it) the engine counts directly.
//
// Why a generation and not a delete: a count that started before a write may finish after it. Its total is stored
// under the generation it read before counting, which the write's bump has already retired, so no later list reads it.

export const DEFAULT_COUNT_TTL_SECONDS = 30;
/** Kept well beyond any total's TTL, so an expired generation can never bring old totals back. */
const GENERATION_TTL_SECONDS = 86_400;

/** The generation and the cached total in one atomic round trip (the total's key names the generation). */
const READ_SCRIPT = `
local generation = redis.call('GET', KEYS[1]) or '0'
return { generation, redis.call('GET', ARGV[1] .. generation .. ':' .. ARGV[2]) }`;

type CacheDeps = Partial<Pick<ResourceDeps, 'redis' | 'env' | 'log'>>;
type Cached = Pick<ResourceDefinition, 'contract' | 'scope' | 'facts'>;

/** Counts being computed in this process: concurrent identical lists share one count query. */
const pending = new Map<string, Promise<number>>();

function ttlOf(def: Cached): number {
  const option = def.facts.cachedCount;
  return typeof option === 'object' ? option.ttlSeconds : DEFAULT_COUNT_TTL_SECONDS;
}

function baseKey(prefix: string, def: Cached, tenancyId: string): string {
  return `${prefix}:count:${def.contract.name}:${tenancyId}:`;
}

/** The tenancy whose writes change the resource's totals: the asset, or the company of a company-wide resource. */
export function tenancyOf(def: Pick<ResourceDefinition, 'scope'>, access: Access): string | null {
  return def.scope === 'asset' ? access.assetId : access.actor.companyId;
}

function whereKey(where: Where): string {
  return createHash('sha1').update(JSON.stringify(where)).digest('base64url');
}

/** The keys of a tenancy's cache for `where` (other caches of the generation share them: page-anchor.ts). */
export function countCacheKeys(
  deps: CacheDeps,
  def: Cached,
  access: Access,
  where: Where,
): { base: string; generation: string; whereHash: string; ttlSeconds: number } | null {
  const tenancyId = tenancyOf(def, access);
  if (!deps.env || !tenancyId) return null;
  const base = baseKey(deps.env.REDIS_PREFIX, def, tenancyId);
  return { base, generation: `${base}gen`, whereHash: whereKey(where), ttlSeconds: ttlOf(def) };
}

/** The exact count of `where`: from the cache when a list of this tenancy counted it since the last write. */
export async function cachedCount(
  deps: CacheDeps,
  def: Cached,
  access: Access,
  where: Where,
  count: () => Promise<number>,
): Promise<number> {
  const { redis, env, log } = deps;
  const tenancyId = tenancyOf(def, access);
  if (!redis || !env || !tenancyId) return count();
  const base = baseKey(env.REDIS_PREFIX, def, tenancyId);
  const hash = whereKey(where);
  let key: string;
  try {
    const reply = await redis.eval(READ_SCRIPT, 1, `${base}gen`, base, hash);
    const [generation, cached] = Array.isArray(reply) ? reply : [];
    if (typeof generation !== 'string') throw new Error('unexpected count cache reply');
    if (typeof cached === 'string') return Number(cached);
    key = `${base}${generation}:${hash}`;
  } catch (error) {
    log?.warn({ err: error, event: 'count.cache_unavailable', resource: def.contract.name }, 'count cache unavailable; counting directly');
    return count();
  }
  const running = pending.get(key);
  if (running) return running;
  const counting = count().then(async (total) => {
    await redis.set(key, String(total), 'EX', ttlOf(def)).catch(() => undefined);
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
 * After a write of the tenancy commits: its cached totals of the resource stop being used. Never fails the write
 * (it is done); with Redis unreachable the cached totals expire on their own within the TTL.
 */
export async function invalidateCachedCounts(deps: CacheDeps, def: Cached, tenancyId: string | null): Promise<void> {
  const { redis, env, log } = deps;
  if (!def.facts.cachedCount || !redis || !env || !tenancyId) return;
  const key = `${baseKey(env.REDIS_PREFIX, def, tenancyId)}gen`;
  await redis
    .multi()
    .incr(key)
    .expire(key, GENERATION_TTL_SECONDS)
    .exec()
    .catch((error: unknown) =>
      log?.warn({ err: error, event: 'count.invalidate_failed', resource: def.contract.name, tenancyId }, 'count cache not invalidated'),
    );
}
