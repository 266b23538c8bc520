import { countCacheKeys } from './count-cache.js';
import type { Access } from './resource-access.js';
import type { QueryPlan } from './query-plan.js';
import type { ResourceDefinition, ResourceDeps, Row, Where } from './resource.types.js';

// Where a deep page starts, remembered beside the cached totals (count-cache.ts: same resources, same tenancy
// generation, same TTL). OFFSET makes the database walk past every earlier row of the sort index; once a page has
// been read, its first row's sort key (and the next page's start: after its last row) lets the same page, or the
// next one, be read by seeking straight to that key: one short index range, at any depth. A write of the tenancy
// bumps the generation, so an anchor never outlives the rows it was read from (writes that bypass the services:
// at most the TTL, as for totals).

export interface PageAnchor {
  /** The sort column's value: a Date travels as its ISO text. */
  value: string | number;
  id: string;
  /** The page starts at this row (the page read before), or just after it (the page after it). */
  inclusive: boolean;
}

type AnchorDeps = Partial<Pick<ResourceDeps, 'redis' | 'env'>>;

/** Only a sort on a column that is never empty has a key every row can be placed by. */
function anchorable(plan: QueryPlan): boolean {
  return !plan.sort.field.nullable && ['string', 'enum', 'uuid', 'int', 'date'].includes(plan.sort.field.type);
}

function anchorKey(base: string, generation: string, whereHash: string, plan: QueryPlan, offset: number): string {
  return `${base}${generation}:${whereHash}:page:${plan.sort.field.column}:${plan.sort.direction}:${offset}`;
}

/** The anchor of the plan's page and the key it lives under (null: no cache, or a sort without one). */
export async function readPageAnchor(
  deps: AnchorDeps,
  def: Pick<ResourceDefinition, 'contract' | 'scope' | 'facts'>,
  access: Access,
  plan: QueryPlan,
): Promise<{ anchor: PageAnchor | null; remember: (first: Row, last: Row) => Promise<void> } | null> {
  const keys = def.facts.cachedCount && anchorable(plan) ? countCacheKeys(deps, def, access, plan.where) : null;
  if (!keys || !deps.redis) return null;
  const redis = deps.redis;
  try {
    const generation = (await redis.get(keys.generation)) ?? '0';
    const { offset, limit } = plan.paging;
    const key = anchorKey(keys.base, generation, keys.whereHash, plan, offset);
    const stored = await redis.get(key);
    const column = plan.sort.field.column;
    const keyOf = (row: Row, inclusive: boolean): PageAnchor => {
      const value = row[column];
      return { value: value instanceof Date ? value.toISOString() : (value as string | number), id: String(row.id), inclusive };
    };
    const remember = async (first: Row, last: Row) => {
      const ttl = keys.ttlSeconds;
      const next = anchorKey(keys.base, generation, keys.whereHash, plan, offset + limit);
      await redis
        .multi()
        .set(key, JSON.stringify(keyOf(first, true)), 'EX', ttl)
        .set(next, JSON.stringify(keyOf(last, false)), 'EX', ttl)
        .exec()
        .catch(() => undefined);
    };
    return { anchor: stored ? (JSON.parse(stored) as PageAnchor) : null, remember };
  } catch {
    // Redis unreachable: the page is read by OFFSET.
    return null;
  }
}

/** Rows from the anchor on, in the plan's order (the id breaks ties, as in planSort). */
export function fromAnchor(plan: QueryPlan, anchor: PageAnchor): Where {
  const column = plan.sort.field.column;
  const desc = plan.sort.direction === 'desc';
  const value = plan.sort.field.type === 'date' ? new Date(anchor.value) : anchor.value;
  const strict = desc ? 'lt' : 'gt';
  const idBound = { [anchor.inclusive ? `${strict}e` : strict]: anchor.id };
  if (column === 'id') return { id: idBound };
  // The OR form with a plain bound on the column, so the index scan starts at the anchor (resource-export.ts `after`).
  return { AND: [{ [column]: { [`${strict}e`]: value } }, { OR: [{ [column]: { [strict]: value } }, { [column]: value, id: idBound }] }] };
}
