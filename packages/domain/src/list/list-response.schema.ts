import { z } from 'zod';

// docs/api.md 'Answers': one record `{ data }`, a list `{ data, meta }`.
export const PaginatorMetaSchema = z.object({
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
  totalPages: z.number().int(),
  page: z.number().int(),
  from: z.number().int(),
  hasPrevPage: z.boolean(),
  hasNextPage: z.boolean(),
  prev: z.number().int().nullable(),
  next: z.number().int().nullable(),
});

/** A record as the generic resource API answers it: `_id` plus the resource's own fields. */
export const ResourceRecordSchema = z.looseObject({ _id: z.string() });
export type ResourceRecord = z.infer<typeof ResourceRecordSchema>;

export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: PaginatorMetaSchema });
}
export function oneResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: item });
}

export const ListResponseSchema = listResponseSchema(ResourceRecordSchema);
export type ListResponse<T = ResourceRecord> = { data: T[]; meta: z.infer<typeof PaginatorMetaSchema> };
export const OneResponseSchema = oneResponseSchema(ResourceRecordSchema);
export const CountResponseSchema = z.object({ data: z.object({ count: z.number().int() }) });
export const DistinctResponseSchema = z.object({ data: z.array(z.union([z.string(), z.number(), z.boolean()])) });
