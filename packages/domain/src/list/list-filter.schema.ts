import { z } from 'zod';

// docs/api.md 'The list filter': the JSON carried by `?filter=` on every generic list call. The browser builds it
// with this schema's input type; the server parses it with the same schema, then checks every field name against
// the resource's whitelist (which only the server knows).

export const SORT_ASC = 1;
export const SORT_DESC = -1;
export type SortDirection = typeof SORT_ASC | typeof SORT_DESC;

export const LIST_FILTER_LIMITS = {
  /** Characters of the raw `filter` JSON. */
  MAX_JSON_LENGTH: 20_000,
  MAX_SELECT: 100,
  MAX_POPULATE: 10,
  MAX_FIELD_NAME: 64,
} as const;

/** JSON numbers, or digits in a string (filters built by hand often quote them). */
const integer = z
  .union([z.number(), z.string().regex(/^-?\d{1,9}$/, 'Expected an integer.')])
  .transform((value) => Number(value))
  .pipe(z.number().int('Expected an integer.').min(-1_000_000_000).max(1_000_000_000));

const fieldName = z.string().min(1).max(LIST_FILTER_LIMITS.MAX_FIELD_NAME);

/** Field names as an array, or as one string separated by spaces or commas (the Mongoose habit). */
const fieldList = z
  .union([z.array(fieldName).max(LIST_FILTER_LIMITS.MAX_SELECT), z.string().max(2000)])
  .transform((value) => (Array.isArray(value) ? value : value.split(/[\s,]+/).filter(Boolean)));

export const PopulateItemSchema = z.object({ path: fieldName, select: fieldList.optional() }).strict();
export type PopulateItem = { path: string; select?: string[] };

const populateEntry = z.union([fieldName, PopulateItemSchema]);

export const PopulateSchema = z
  .union([populateEntry, z.array(populateEntry).max(LIST_FILTER_LIMITS.MAX_POPULATE)])
  .transform((value): PopulateItem[] =>
    (Array.isArray(value) ? value : [value]).map((entry) => (typeof entry === 'string' ? { path: entry } : entry)),
  );

export const SortSchema = z
  .record(fieldName, z.union([z.literal(SORT_ASC), z.literal(SORT_DESC)], { error: 'Sort direction must be 1 or -1.' }))
  .refine((sort) => Object.keys(sort).length <= 1, 'Sort by one field at a time.');

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Mongo-style conditions. Kept as the very object parsed from JSON (never copied key by key, so a hostile
 * `__proto__` key stays an ordinary key that the server's compiler rejects as an unknown field).
 */
export const ListQuerySchema = z.custom<Record<string, unknown>>(isPlainObject, 'query must be an object.');

export const ListFilterSchema = z
  .object({
    page: integer.optional(),
    limit: integer.optional(),
    skip: integer.pipe(z.number().min(0, 'skip must be 0 or more.')).optional(),
    sort: SortSchema.optional(),
    select: fieldList.optional(),
    populate: PopulateSchema.optional(),
    query: ListQuerySchema.optional(),
    /** Restore views: only soft-deleted rows. */
    deleted: z.boolean().optional(),
  })
  .strict();

/** What the browser writes. */
export type ListFilterInput = z.input<typeof ListFilterSchema>;
/** What the server works with. */
export type ListFilter = z.output<typeof ListFilterSchema>;

/** The `?filter=` value for a filter (the browser's side of the same contract). */
export function encodeListFilter(filter: ListFilterInput): string {
  return JSON.stringify(filter);
}

/**
 * A REST query's `filter`, JSON text, read as `schema`'s filter: so a call's REST door and its tRPC door (which takes
 * the object itself) hand the server one shape. The messages are the list calls' own.
 */
export function listFilterFromJson<S extends z.ZodType>(schema: S, description: string) {
  return z
    .string()
    .max(LIST_FILTER_LIMITS.MAX_JSON_LENGTH, 'The filter is too long.')
    .optional()
    .transform((text, ctx): unknown => {
      if (!text) return undefined;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'The filter is not valid JSON.' });
        return z.NEVER;
      }
      if (!isPlainObject(value)) ctx.addIssue({ code: 'custom', message: 'The filter must be a JSON object.' });
      return value;
    })
    .pipe(schema.optional())
    .describe(description);
}
