import { z } from 'zod';
import { LIST_FILTER_LIMITS, ListQuerySchema } from '../list/list-filter.schema.js';
import type { FieldShape, FieldValue, SortableKeys } from './fields.js';
import type { RelationShape } from './contract.js';

// The list filter typed by one contract: `select` names its fields, `sort` its sortable fields, `populate` its
// relations and `query` its fields with values of their types. The browser builds it; the server checks it again
// against the same contract (a REST caller's `?filter=` JSON is never typed).

type Element<T> = T extends readonly (infer E)[] ? E : T;

/** The operators of a condition on one field (`$regex` matches literally, case-insensitive). */
export interface ConditionOperators<T> {
  $eq?: T | null;
  $ne?: T | null;
  $in?: T[];
  $nin?: T[];
  $gt?: T;
  $gte?: T;
  $lt?: T;
  $lte?: T;
  $exists?: boolean;
  $regex?: string;
}

/** A value (equality), null, or operators; a list field matches on any of its elements. */
export type Condition<T> = Element<NonNullable<T>> | null | ConditionOperators<Element<NonNullable<T>>>;

export type TypedQuery<F extends FieldShape> = { [K in keyof F]?: Condition<FieldValue<F[K]>> } & {
  $or?: TypedQuery<F>[];
  $and?: TypedQuery<F>[];
};

export type PopulateEntry<R extends RelationShape> = (keyof R & string) | { path: keyof R & string; select?: string[] };

export interface TypedListFilter<F extends FieldShape, R extends RelationShape> {
  /** From 1. */
  page?: number;
  /** Rows per page; -1 for every row (lookups). */
  limit?: number;
  skip?: number;
  sort?: Partial<Record<SortableKeys<F>, 1 | -1>>;
  select?: (keyof F & string)[];
  populate?: PopulateEntry<R>[];
  query?: TypedQuery<F>;
  /** Only soft-deleted records (restore views). */
  deleted?: boolean;
}

function namesOf(keys: readonly string[]): z.ZodType<string> {
  const [first, ...rest] = keys;
  return first === undefined ? z.never() : z.enum([first, ...rest]);
}

export function listFilterSchemaOf<F extends FieldShape, R extends RelationShape>(
  fields: readonly string[],
  sortable: readonly string[],
  relations: readonly string[],
): z.ZodType<TypedListFilter<F, R>, TypedListFilter<F, R>> {
  const relation = namesOf(relations);
  const integer = z.number().int().min(-1_000_000_000).max(1_000_000_000);
  return z.strictObject({
    page: integer.optional(),
    limit: integer.optional(),
    skip: integer.min(0).optional(),
    sort: z
      .partialRecord(namesOf(sortable), z.union([z.literal(1), z.literal(-1)]))
      .refine((sort) => Object.keys(sort).length <= 1, 'Sort by one field at a time.')
      .optional(),
    select: z.array(namesOf(fields)).max(LIST_FILTER_LIMITS.MAX_SELECT).optional(),
    populate: z
      .array(
        z.union([
          relation,
          z.strictObject({ path: relation, select: z.array(z.string().max(LIST_FILTER_LIMITS.MAX_FIELD_NAME)).max(100).optional() }),
        ]),
      )
      .max(LIST_FILTER_LIMITS.MAX_POPULATE)
      .optional(),
    query: ListQuerySchema.optional(),
    deleted: z.boolean().optional(),
  }) as unknown as z.ZodType<TypedListFilter<F, R>, TypedListFilter<F, R>>;
}
