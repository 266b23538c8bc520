import { z } from 'zod';
import { AppError } from '../core/app-error.js';
import { protectedProcedure, router } from '../trpc/trpc.js';
import { resourceByPath } from './resource-registry.js';
import { countRecords, distinctValues, findOneRecord, findRecordById, listRecords, searchRecords } from './resource.service.js';
import { createRecord, forceRemoveRecord, patchRecord, removeRecord, restoreRecord, upsertRecord } from './resource-write.service.js';
import type { ResourceDefinition } from './resource.types.js';

// The tRPC door of the generic resources: `{ resource: 'teams/members', ... }` onto the same service functions
// as the REST routes. `filter` is the ListFilter object (or its JSON text).

const resourceName = z.string().min(1).max(100);
const filter = z.unknown().optional();
const id = z.string().max(100);

function definition(path: string): ResourceDefinition {
  const def = resourceByPath(path);
  if (!def) throw AppError.notFound(`Unknown resource '${path}'`);
  return def;
}

const callOf = (ctx: { deps: Parameters<typeof listRecords>[0]['deps']; actor: Parameters<typeof listRecords>[0]['actor'] }) => ({
  deps: ctx.deps,
  actor: ctx.actor,
});

export const resourcesRouter = router({
  list: protectedProcedure
    .input(z.object({ resource: resourceName, filter }).strict())
    .query(({ ctx, input }) => listRecords(callOf(ctx), definition(input.resource), input.filter)),
  search: protectedProcedure
    .input(z.object({ resource: resourceName, filter, keyword: z.string().max(200).optional() }).strict())
    .query(({ ctx, input }) => searchRecords(callOf(ctx), definition(input.resource), input.filter, input.keyword)),
  count: protectedProcedure
    .input(z.object({ resource: resourceName, filter }).strict())
    .query(({ ctx, input }) => countRecords(callOf(ctx), definition(input.resource), input.filter)),
  one: protectedProcedure
    .input(z.object({ resource: resourceName, filter }).strict())
    .query(async ({ ctx, input }) => ({ data: await findOneRecord(callOf(ctx), definition(input.resource), input.filter) })),
  byId: protectedProcedure
    .input(z.object({ resource: resourceName, id, filter }).strict())
    .query(async ({ ctx, input }) => ({ data: await findRecordById(callOf(ctx), definition(input.resource), input.id, input.filter) })),
  distinct: protectedProcedure
    .input(z.object({ resource: resourceName, field: z.string().max(64), filter }).strict())
    .query(async ({ ctx, input }) => ({ data: await distinctValues(callOf(ctx), definition(input.resource), input.field, input.filter) })),
  create: protectedProcedure
    .input(z.object({ resource: resourceName, data: z.unknown() }).strict())
    .mutation(async ({ ctx, input }) => ({ data: await createRecord(callOf(ctx), definition(input.resource), input.data) })),
  patch: protectedProcedure
    .input(z.object({ resource: resourceName, id, data: z.unknown() }).strict())
    .mutation(async ({ ctx, input }) => ({ data: await patchRecord(callOf(ctx), definition(input.resource), input.id, input.data) })),
  chekinio: protectedProcedure
    .input(z.object({ resource: resourceName, data: z.unknown() }).strict())
    .mutation(({ ctx, input }) => upsertRecord(callOf(ctx), definition(input.resource), input.data)),
  remove: protectedProcedure
    .input(z.object({ resource: resourceName, id, force: z.boolean().optional() }).strict())
    .mutation(async ({ ctx, input }) => {
      const def = definition(input.resource);
      return { data: input.force ? await forceRemoveRecord(callOf(ctx), def, input.id) : await removeRecord(callOf(ctx), def, input.id) };
    }),
  restore: protectedProcedure
    .input(z.object({ resource: resourceName, id }).strict())
    .mutation(async ({ ctx, input }) => ({ data: await restoreRecord(callOf(ctx), definition(input.resource), input.id) })),
});
