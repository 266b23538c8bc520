import { isItemOrder, type RecordOrder } from '@crm/domain';
import type { DbTx } from '../db/prisma.js';
import { scopeWhere } from './query-plan.js';
import type { Access } from './resource-access.js';
import { delegateOf } from './resource-delegate.js';
import type { ResourceDefinition, Row } from './resource.types.js';

// The place of a record in its ordered list (the contract's order fact): the list's lock and a new record's place.
// Apart from resource-order.ts so the write service takes it without importing the reorder calls back.

export function recordOrderOf(def: ResourceDefinition): RecordOrder | null {
  const order = def.contract.order;
  return order && !isItemOrder(order) ? order : null;
}

export function columnOf(def: ResourceDefinition, field: string): string {
  const column = def.fields.get(field)?.column;
  if (!column) throw new Error(`resource '${def.path}': the order names '${field}', which has no column`);
  return column;
}

/**
 * One list at a time: a reorder and a create of the same list (one asset, one set of `within` values) wait for each
 * other, so two drags never interleave and two new records never take the same place.
 */
export async function lockList(tx: DbTx, def: ResourceDefinition, access: Access, values: readonly unknown[]): Promise<void> {
  const key = `order:${def.path}:${access.assetId ?? access.actor.companyId}:${JSON.stringify(values)}`;
  await tx.$queryRaw`SELECT 1 FROM pg_advisory_xact_lock(hashtext(${key}))`;
}

/** The create's place when its body gives none: after the last record of its list, under the list's lock. */
export async function nextPlace(tx: DbTx, def: ResourceDefinition, access: Access, data: Row): Promise<Row> {
  const order = recordOrderOf(def);
  if (!order) return {};
  const column = columnOf(def, order.field);
  if (typeof data[column] === 'number') return {};
  const within = (order.within ?? []).map((field) => columnOf(def, field));
  const values = within.map((name) => data[name] ?? null);
  await lockList(tx, def, access, values);
  const last = await delegateOf(tx, def.model).findFirst({
    where: { ...scopeWhere(def, access), ...Object.fromEntries(within.map((name, i) => [name, values[i]])) },
    orderBy: { [column]: 'desc' },
    select: { [column]: true },
  });
  const place = last?.[column];
  return { [column]: typeof place === 'number' ? place + 1 : 0 };
}
