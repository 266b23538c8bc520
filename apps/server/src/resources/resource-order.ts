import { type ItemOrder, isItemOrder, MESSAGES, type RecordOrder, type ReorderInput, ReorderInputSchema } from '@crm/domain';
import { z } from 'zod';
import { AppError } from '../core/app-error.js';
import { validationError } from '../core/error-envelope.js';
import type { DbTx } from '../db/prisma.js';
import { Prisma } from '../generated/prisma/client.js';
import { recordCallActivity, recordReorder } from './activity-log.js';
import { scopeWhere } from './query-plan.js';
import { authorize } from './resource-access.js';
import { delegateOf } from './resource-delegate.js';
import { columnOf, lockList, recordOrderOf } from './resource-order-place.js';
import { serializeRow } from './resource-serializer.js';
import { defaultSelection, findRecordById, loadScoped, notFound, type ResourceCall } from './resource.service.js';
import type { ApiRecord, ResourceDefinition, Row } from './resource.types.js';
import { afterCommit, dropCachedTotals } from './resource-write.service.js';

// The order fact of a contract (packages/domain resources/order.ts), served once for every ordered resource: the
// reorder call of records kept in a list (FAQs, custom fields) and of a record's list of items (a project's FAQ), and
// the next place of a new record. docs/architecture.md 'Resource contracts and the engine'.

/** The models are not @@map'ped: the table of 'customFieldDefinition' is "CustomFieldDefinition". */
const tableOf = (def: ResourceDefinition) => Prisma.raw(`"${def.model.charAt(0).toUpperCase()}${def.model.slice(1)}"`);

function itemOrderOf(def: ResourceDefinition): ItemOrder {
  const order = def.contract.order;
  if (!order || !isItemOrder(order)) throw AppError.notFound();
  return order;
}

function parseOrder(body: unknown): ReorderInput {
  const parsed = ReorderInputSchema.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

const notExactly = (order: RecordOrder | ItemOrder) =>
  AppError.validation({ ids: [MESSAGES.order.exactly(order.names.one, order.names.within)] });

/**
 * PATCH {path}/order: every live record of one list of the caller's asset, each once, in the new order; the first
 * gets 0. A duplicate or a missing record is a 400, a record the caller cannot see a 404, records of two lists a 400.
 */
export async function reorderRecords(call: ResourceCall, def: ResourceDefinition, body: unknown): Promise<{ ids: string[] }> {
  const order = recordOrderOf(def);
  if (!order) throw AppError.notFound();
  const access = authorize(def, call, 'update');
  const { ids } = parseOrder(body);
  if (new Set(ids).size !== ids.length) throw notExactly(order);
  const column = columnOf(def, order.field);
  const within = (order.within ?? []).map((field) => columnOf(def, field));
  const model = (tx: DbTx) => delegateOf(tx, def.model);
  const hook = def.facts.hooks?.afterCommit;
  const moved: { before: Row; after: Row }[] = [];

  await call.deps.db.$transaction(async (tx) => {
    const named = await model(tx).findMany({
      where: { ...scopeWhere(def, access), id: { in: ids } },
      select: { id: true, ...Object.fromEntries(within.map((name) => [name, true])) },
    });
    if (named.length !== ids.length) throw notFound(def);
    const lists = new Set(named.map((row) => JSON.stringify(within.map((name) => row[name]))));
    if (lists.size > 1) throw AppError.validation({ ids: [MESSAGES.order.oneList(order.names.many, order.names.within)] });
    const values = within.map((name) => named[0]?.[name] ?? null);
    await lockList(tx, def, access, values);
    // Read under the lock: the list as the last committed reorder or create left it.
    const list = await model(tx).findMany({
      where: { ...scopeWhere(def, access), ...Object.fromEntries(within.map((name, i) => [name, values[i]])) },
    });
    const given = new Set(ids);
    if (list.length !== ids.length || !list.every((row) => given.has(String(row.id)))) throw notExactly(order);

    const was = new Map(list.map((row) => [String(row.id), Number(row[column])]));
    await recordReorder(tx, call.actor, { assetId: access.assetId, subjectType: def.contract.name, ids, was }, call.deps.clock.now());
    const stamp = def.has.updatedById ? Prisma.sql`, "updatedById" = ${call.actor.userId}::uuid` : Prisma.empty;
    // One statement for the whole order: ids and places as arrays.
    await tx.$executeRaw`
      UPDATE ${tableOf(def)} AS t SET ${Prisma.raw(`"${column}"`)} = o.position - 1, "updatedAt" = now() ${stamp}
      FROM unnest(${ids}::uuid[]) WITH ORDINALITY AS o(id, position)
      WHERE t.id = o.id`;
    if (hook)
      for (const row of list) {
        const place = ids.indexOf(String(row.id));
        if (was.get(String(row.id)) !== place) moved.push({ before: row, after: { ...row, [column]: place } });
      }
  });
  await dropCachedTotals(call, def, access);
  const selection = defaultSelection(def, access);
  for (const { before, after } of moved)
    await afterCommit(call, def, serializeRow(after, selection), { [order.field]: after[column] }, false, before);
  return { ids };
}

const StoredItems = z.array(z.looseObject({ _id: z.string(), order: z.number() }));

/**
 * PATCH {path}/{id}/change-<list>-order: every item of the record's list, each once, in the new order (the first gets
 * order 0), under the record's row lock so two saves of the same record apply one after the other. Answers the record.
 */
export async function reorderItems(call: ResourceCall, def: ResourceDefinition, id: string, body: unknown): Promise<ApiRecord> {
  const order = itemOrderOf(def);
  const access = authorize(def, call, 'update');
  const { ids } = parseOrder(body);
  const column = columnOf(def, order.list);
  let before: Row | null = null;
  const changed = await call.deps.db.$transaction(async (tx) => {
    if (z.uuid().safeParse(id).success) await tx.$queryRaw`SELECT id FROM ${tableOf(def)} WHERE id = ${id}::uuid FOR UPDATE`;
    const row = await loadScoped(tx, def, access, id, false);
    before = row;
    const items = StoredItems.parse(row[column] ?? []);
    const byId = new Map(items.map((item) => [item._id, item]));
    const complete = ids.length === items.length && new Set(ids).size === ids.length && ids.every((itemId) => byId.has(itemId));
    if (!complete) throw notExactly(order);
    const next = ids.flatMap((itemId, place) => {
      const item = byId.get(itemId);
      return item ? [{ ...item, order: place }] : [];
    });
    await recordCallActivity(
      tx,
      call.actor,
      {
        action: 'update',
        subjectType: def.contract.name,
        subjectId: String(row.id),
        assetId: access.assetId,
        before: { [column]: row[column] ?? null },
        after: { [column]: next },
      },
      call.deps.clock.now(),
    );
    await delegateOf(tx, def.model).update({
      where: { id: row.id },
      data: { [column]: next, ...(def.has.updatedById ? { updatedById: call.actor.userId } : {}) },
      select: { id: true },
    });
    return next;
  });
  await dropCachedTotals(call, def, access);
  const record = await findRecordById(call, def, id);
  await afterCommit(call, def, record, { [order.list]: changed }, false, before);
  return record;
}
