import {
  type AnyResourceContract,
  type ContractRecord,
  type ContractRow,
  DistinctResponseSchema,
  type PaginatorMeta,
  type PopulateEntry,
  isItemOrder,
  type ResourceContract,
  reorderCallOf,
  ReorderInputSchema,
  ReorderResultSchema,
} from '@crm/domain';
import { z } from 'zod';
import { inputRootedAt, protectedProcedure } from '../trpc/trpc.js';
import {
  countRecords,
  distinctValues,
  findOneRecord,
  findRecordById,
  listRecords,
  type ResourceCall,
  searchRecords,
} from './resource.service.js';
import { reorderItems, reorderRecords } from './resource-order.js';
import { createRecord, forceRemoveRecord, patchRecord, removeRecord, restoreRecord } from './resource-write.service.js';
import type { ResourceDefinition } from './resource.types.js';

// The tRPC door of one resource, typed from its contract: inputs name only the contract's keys, and every answer is
// checked against the record schema on its way out (`.output`), so the web infers its rows from the contract.

type Relations<C> = C extends ResourceContract<infer _F, infer R, infer _C, infer _U> ? R : never;
type InputOf<S> = S extends z.ZodType ? S : z.ZodNever;
type UpdateOf<S> = S extends z.ZodType ? z.ZodType<{ id: string; data: z.input<S> }> : z.ZodNever;

const id = z.string().max(100);
const keyword = z.string().max(200).optional();

function callOf(ctx: { deps: ResourceCall['deps']; actor: ResourceCall['actor'] }): ResourceCall {
  return { deps: ctx.deps, actor: ctx.actor };
}

/** The answers are checked by `.output()`; the engine's rows are untyped until then. */
const typed = <T>(value: unknown) => value as T;

/** The reorder of records kept in a list: `{ ids }` in, `{ data: { ids } }` out. */
function recordsReorder(def: ResourceDefinition) {
  return protectedProcedure
    .input(ReorderInputSchema)
    .output(ReorderResultSchema)
    .mutation(async ({ ctx, input }) => ({ data: await reorderRecords(callOf(ctx), def, input) }));
}

/** The reorder of one record's list of items: `{ id, data: { ids } }` in, the record out. */
function itemsReorder<C extends AnyResourceContract>(def: ResourceDefinition<C>) {
  return protectedProcedure
    .use(inputRootedAt('data'))
    .input(z.strictObject({ id, data: ReorderInputSchema }))
    .output(z.object({ data: def.contract.record as z.ZodType<ContractRecord<C>> }))
    .mutation(async ({ ctx, input }) => ({
      data: typed<ContractRecord<C>>(await reorderItems(callOf(ctx), def, input.id, input.data)),
    }));
}

/** The reorder procedure the contract's order fact derives (`reorder`, `reorderFaqs`), none without one. */
type OrderProcedures<C extends AnyResourceContract> = C['order'] extends { list: infer L extends string }
  ? { [K in `reorder${Capitalize<L>}`]: ReturnType<typeof itemsReorder<C>> }
  : C['order'] extends { field: string }
    ? { reorder: ReturnType<typeof recordsReorder> }
    : Record<never, never>;

function orderProcedures<C extends AnyResourceContract>(def: ResourceDefinition<C>): OrderProcedures<C> {
  const order = def.contract.order;
  if (!order || !def.permissions.update) return {} as OrderProcedures<C>;
  const { procedure } = reorderCallOf(def.contract, order);
  return { [procedure]: isItemOrder(order) ? itemsReorder(def) : recordsReorder(def) } as OrderProcedures<C>;
}

export function resourceProcedures<C extends AnyResourceContract>(def: ResourceDefinition<C>) {
  const c = def.contract;
  type Record = ContractRecord<C>;
  type Row = ContractRow<C>;
  const filterInput = z.strictObject({ filter: (c.listFilter as C['listFilter']).optional() });
  const recordAnswer = z.object({ data: c.record as z.ZodType<Record> });
  const listAnswer = c.listResponse as unknown as z.ZodType<{ data: Row[]; meta: PaginatorMeta }>;
  const relation = z.array(z.union([z.string(), z.object({ path: z.string(), select: z.array(z.string()).optional() })])) as z.ZodType<
    PopulateEntry<Relations<C>>[]
  >;
  const never = z.never();
  const createInput = (c.create ?? never) as InputOf<C['create']>;
  // The body is the contract's update schema; its messages name `phone`, not `data.phone` (inputRootedAt).
  const updateInput = (c.update ? z.strictObject({ id, data: c.update }) : never) as UpdateOf<C['update']>;

  return {
    list: protectedProcedure
      .input(filterInput)
      .output(listAnswer)
      .query(async ({ ctx, input }) => typed<{ data: Row[]; meta: PaginatorMeta }>(await listRecords(callOf(ctx), def, input.filter))),
    search: protectedProcedure
      .input(filterInput.extend({ keyword }))
      .output(listAnswer)
      .query(async ({ ctx, input }) =>
        typed<{ data: Row[]; meta: PaginatorMeta }>(await searchRecords(callOf(ctx), def, input.filter, input.keyword)),
      ),
    count: protectedProcedure
      .input(filterInput)
      .output(z.object({ count: z.number().int() }))
      .query(({ ctx, input }) => countRecords(callOf(ctx), def, input.filter)),
    one: protectedProcedure
      .input(filterInput)
      .output(z.object({ data: c.row as z.ZodType<Row> }))
      .query(async ({ ctx, input }) => ({ data: typed<Row>(await findOneRecord(callOf(ctx), def, input.filter)) })),
    /** One whole record (every field the caller may see), with the relations asked for. */
    byId: protectedProcedure
      .input(z.strictObject({ id, populate: relation.optional() }))
      .output(recordAnswer)
      .query(async ({ ctx, input }) => ({
        data: typed<Record>(await findRecordById(callOf(ctx), def, input.id, input.populate ? { populate: input.populate } : undefined)),
      })),
    distinct: protectedProcedure
      .input(
        z.strictObject({
          field: z.enum(c.keys.distinct.length ? (c.keys.distinct as [string, ...string[]]) : ['_']),
          filter: filterInput.shape.filter,
        }),
      )
      .output(DistinctResponseSchema)
      .query(async ({ ctx, input }) => ({
        data: typed<(string | number | boolean)[]>(await distinctValues(callOf(ctx), def, input.field, input.filter)),
      })),
    create: protectedProcedure
      .input(createInput)
      .output(recordAnswer)
      .mutation(async ({ ctx, input }) => ({ data: typed<Record>(await createRecord(callOf(ctx), def, input)) })),
    update: protectedProcedure
      .use(inputRootedAt('data'))
      .input(updateInput)
      .output(recordAnswer)
      .mutation(async ({ ctx, input }) => ({ data: typed<Record>(await patchRecord(callOf(ctx), def, input.id, input.data)) })),
    remove: protectedProcedure
      .input(z.strictObject({ id }))
      .output(recordAnswer)
      .mutation(async ({ ctx, input }) => ({ data: typed<Record>(await removeRecord(callOf(ctx), def, input.id)) })),
    restore: protectedProcedure
      .input(z.strictObject({ id }))
      .output(recordAnswer)
      .mutation(async ({ ctx, input }) => ({ data: typed<Record>(await restoreRecord(callOf(ctx), def, input.id)) })),
    forceRemove: protectedProcedure
      .input(z.strictObject({ id }))
      .output(recordAnswer)
      .mutation(async ({ ctx, input }) => ({ data: typed<Record>(await forceRemoveRecord(callOf(ctx), def, input.id)) })),
    ...orderProcedures(def),
  };
}
