import { z } from 'zod';

// The order fact of a resource contract: a list the caller puts in order by drag and drop. The engine derives the
// one reorder call of every ordered resource from it (its REST path, its tRPC procedure and its answer), gives a new
// record the next place, and names the list in its messages (docs/architecture.md 'Resource contracts').

/** How the ordered things and the list they make are called in messages: 'question' / 'questions' of the 'project'. */
export interface OrderNames {
  one: string;
  many: string;
  /** The list the order is kept within: 'asset', 'record kind', 'project'. */
  within: string;
}

/**
 * Records of the resource keep their place in an int field (0 first), among the records of the caller's asset that
 * share the `within` fields' values (custom fields: one list per `kind`). Served as `PATCH {path}/order` `{ids}`,
 * tRPC `<name>.reorder`, answering `{ data: { ids } }`.
 */
export interface RecordOrder<K extends string = string> {
  field: K;
  within?: readonly K[];
  names: OrderNames;
}

/**
 * The items (`{ _id, order }`) of a json list field of one record keep their place (a project's FAQ). Served as
 * `PATCH {path}/{id}/change-<list>-order` `{ids}`, tRPC `<name>.reorder<List>` `{ id, data: { ids } }`, answering
 * the record.
 */
export interface ItemOrder<K extends string = string> {
  list: K;
  names: OrderNames;
}

export type OrderSpec<K extends string = string> = RecordOrder<K> | ItemOrder<K>;

export function isItemOrder(order: OrderSpec): order is ItemOrder {
  return 'list' in order;
}

/** The body of every reorder call: every record (or item) of the list once, in its new order. */
export const ReorderInputSchema = z.strictObject({ ids: z.array(z.uuid()).min(1).max(1000) });
export type ReorderInput = z.infer<typeof ReorderInputSchema>;
/** The answer of a records' reorder: the ids in their new order. */
export const ReorderResultSchema = z.object({ data: z.object({ ids: z.array(z.string()) }) });

const capitalized = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;

/** The calls an order fact derives: the same paths and names the per-table calls had before the fact. */
export function reorderCallOf(contract: { name: string; path: string }, order: OrderSpec) {
  return isItemOrder(order)
    ? {
        path: `${contract.path}/:id/change-${order.list}-order`,
        procedure: `reorder${capitalized(order.list)}`,
        operationId: `${contract.name}.reorder${capitalized(order.list)}`,
      }
    : { path: `${contract.path}/order`, procedure: 'reorder', operationId: `${contract.name}.reorder` };
}
