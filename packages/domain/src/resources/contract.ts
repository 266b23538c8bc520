import { z } from 'zod';
import { PaginatorMetaSchema } from '../list/list-response.schema.js';
import type { PermissionCode } from '../permissions/permission-codes.js';
import {
  type DistinctKeys,
  type FieldShape,
  type FieldValue,
  keysWhere,
  type RecordOfFields,
  recordSchemaOf,
  type SortableKeys,
} from './fields.js';
import { listFilterSchemaOf, type PopulateEntry, type TypedListFilter, type TypedQuery } from './list-filter.js';
import { isItemOrder, type OrderSpec } from './order.js';

// A resource contract: everything the browser and the server agree on about one kind of record. The server adds
// only its own facts (the Prisma model, columns, hooks) in apps/server/src/resources/resource-define.ts; every door
// (REST, tRPC, OpenAPI) and every screen is typed from this.

/** A relation a list or a record may populate (`filter.populate`), with the related fields it may show. */
export interface RelationContract<F extends FieldShape = FieldShape, Many extends boolean = boolean> {
  readonly label: string;
  /** The related resource's contract name. */
  readonly refersTo: string;
  readonly many: Many;
  readonly fields: F;
  /** Related fields answered when the populate names no `select`. */
  readonly defaultSelect: readonly string[];
}
export type RelationShape = Record<string, RelationContract<FieldShape, boolean>>;

type RelationOptions<F extends FieldShape> = { label: string; defaultSelect?: readonly (keyof F & string)[] };

function relation<F extends FieldShape, Many extends boolean>(
  refersTo: string,
  fields: F,
  many: Many,
  options: RelationOptions<F>,
): RelationContract<F, Many> {
  if (!('_id' in fields)) throw new Error(`Relation '${options.label}': the related fields need '_id'`);
  return { label: options.label, refersTo, many, fields, defaultSelect: options.defaultSelect ?? Object.keys(fields) };
}

/** Relation builders: `developer: rel.one('developers', pickFields(developerFields, ['_id', 'name']), { label: 'Developer' })`. */
export const rel = {
  one: <F extends FieldShape>(refersTo: string, fields: F, options: RelationOptions<F>) => relation(refersTo, fields, false, options),
  many: <F extends FieldShape>(refersTo: string, fields: F, options: RelationOptions<F>) => relation(refersTo, fields, true, options),
};

/** A populated record: `_id` always, the other related fields as the populate's `select` chose them. */
type RelatedOf<F extends FieldShape> = Partial<RecordOfFields<F>> & { _id: string };
type RelatedRecord<R> =
  R extends RelationContract<infer F, infer Many> ? (Many extends true ? RelatedOf<F>[] : RelatedOf<F> | null) : never;
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/**
 * What the API answers for one record: its fields, and each relation when it was populated. A relation named like
 * a reference field (`developer`) answers the id, or the related record once populated (`populated()` reads it).
 */
export type RecordOf<F extends FieldShape, R extends RelationShape> = Simplify<
  Omit<RecordOfFields<F>, keyof R & keyof F> & { [K in keyof R & keyof F]: FieldValue<F[K]> | RelatedRecord<R[K]> } & {
    [K in Exclude<keyof R, keyof F>]?: RelatedRecord<R[K]>;
  }
>;

/** A list row: `_id` always, the other fields as the filter's `select` chose them. */
export type RowOf<F extends FieldShape, R extends RelationShape> = Simplify<Partial<RecordOf<F, R>> & { _id: string }>;

/** The related record of a populated reference field, or null while it holds only an id (or nothing). */
export function populated<T extends object>(value: T | string | null | undefined): T | null {
  return value !== null && typeof value === 'object' ? value : null;
}

export interface ResourcePermissions {
  read: readonly PermissionCode[];
  create?: readonly PermissionCode[];
  update?: readonly PermissionCode[];
  /** Soft delete and restore (or delete, without soft delete). */
  delete?: readonly PermissionCode[];
  /** Delete for good. Default: SUPER_ACCESS. */
  forceDelete?: readonly PermissionCode[];
}

/** A column of the export: a field, or `relation.field` of a populated relation. */
export type ExportKey<F extends FieldShape, R extends RelationShape> =
  | (keyof F & string)
  | { [K in keyof R & string]: `${K}.${keyof R[K]['fields'] & string}` }[keyof R & string];

export interface ResourceContractSpec<
  F extends FieldShape,
  R extends RelationShape,
  C extends z.ZodType | undefined,
  U extends z.ZodType | undefined,
> {
  /** The contract's name: the tRPC router key and what `refersTo` names ('customers', 'faqCategories'). */
  name: string;
  /** REST path under /api, no leading slash ('customers', 'properties/developers'). */
  path: string;
  /** For messages and headings: 'customer' / 'customers' -> 'Customer not found', 'No customers found'. */
  label: { one: string; many: string };
  /** Rows of the caller's active asset, or of the caller's company. */
  scope: 'asset' | 'company';
  /** DELETE hides the record (restore brings it back); without it, DELETE removes it. */
  softDelete?: boolean;
  fields: F;
  relations?: R;
  defaultSort: { field: SortableKeys<F>; direction: 1 | -1 };
  /** Fields a list answers when the filter names no `select` (default: all). */
  defaultSelect?: readonly (keyof F & string)[];
  /** Export columns in order (default: the exportable fields in declaration order). */
  exportColumns?: readonly ExportKey<F, R>[];
  /** The body of POST {path}: strict (unknown fields are refused). */
  create?: C;
  /** The body of PATCH {path}/{id} (default: the create schema with every field optional). */
  update?: U;
  /** The key of POST {path}/chekinio, the integrators' upsert (default: sourceDataId when the record has it). */
  upsertKey?: (keyof F & string) | false;
  /**
   * The body of POST {path}/chekinio when it differs from the create body plus the upsert key: an integrator may
   * write what the form may not (customers' inputSource). It must carry the upsert key.
   */
  upsert?: z.ZodType;
  permissions: ResourcePermissions;
}

/** The order fact (order.ts): records ordered within a list, or a list field's items ordered within one record. */
export type OrderOf<F extends FieldShape> = OrderSpec<keyof F & string>;

export interface ExportColumn {
  key: string;
  label: string;
}

/** A contract with its derived schemas and key lists. */
export interface ResourceContract<
  F extends FieldShape = FieldShape,
  R extends RelationShape = RelationShape,
  C extends z.ZodType | undefined = z.ZodType | undefined,
  U extends z.ZodType | undefined = z.ZodType | undefined,
  O extends OrderSpec | undefined = OrderSpec | undefined,
> extends Omit<
    ResourceContractSpec<F, R, C, U>,
    'relations' | 'update' | 'upsertKey' | 'exportColumns' | 'softDelete' | 'defaultSelect' | 'defaultSort'
  > {
  readonly relations: R;
  readonly defaultSort: { field: keyof F & string; direction: 1 | -1 };
  readonly softDelete: boolean;
  readonly update: U extends z.ZodType ? U : C extends z.ZodType ? z.ZodType<Partial<z.output<C>>, Partial<z.input<C>>> : undefined;
  readonly upsertKey: (keyof F & string) | null;
  readonly defaultSelect: readonly (keyof F & string)[];
  /** What the API answers for one record (relations present when populated). */
  readonly record: z.ZodType<RecordOf<F, R>>;
  /** A list row: `_id` and what `select` chose. */
  readonly row: z.ZodType<RowOf<F, R>>;
  readonly listResponse: z.ZodType<{ data: RowOf<F, R>[]; meta: z.infer<typeof PaginatorMetaSchema> }>;
  /** The typed `filter` of the tRPC list calls: select, sort and populate name only this resource's keys. */
  readonly listFilter: z.ZodType<TypedListFilter<F, R>, TypedListFilter<F, R>>;
  readonly keys: {
    fields: readonly (keyof F & string)[];
    sortable: readonly (keyof F & string)[];
    distinct: readonly (keyof F & string)[];
    searchable: readonly (keyof F & string)[];
    filterable: readonly (keyof F & string)[];
    sensitive: readonly (keyof F & string)[];
    relations: readonly (keyof R & string)[];
  };
  readonly exportColumns: readonly ExportColumn[];
  /** The order the caller keeps by drag and drop, when the resource has one (one reorder call, derived). */
  readonly order: O;
}

export type AnyResourceContract = ResourceContract<FieldShape, RelationShape, z.ZodType | undefined, z.ZodType | undefined>;
export type ContractRecord<C> = C extends ResourceContract<infer F, infer R, infer _C, infer _U> ? RecordOf<F, R> : never;
export type ContractRow<C> = C extends ResourceContract<infer F, infer R, infer _C, infer _U> ? RowOf<F, R> : never;
export type ContractFields<C> = C extends ResourceContract<infer F, infer _R, infer _C, infer _U> ? F : never;
export type ContractCreateInput<C> =
  C extends ResourceContract<infer _F, infer _R, infer In, infer _U> ? (In extends z.ZodType ? z.input<In> : never) : never;

function exportColumnsOf(fields: FieldShape, relations: RelationShape, keys: readonly string[] | undefined, where: string): ExportColumn[] {
  const chosen = keys ?? keysWhere(fields, (field) => field.exportable);
  return chosen.map((key) => {
    const [root = '', child] = key.split('.');
    if (child === undefined) {
      const field = fields[root];
      if (!field) throw new Error(`${where}: export column '${key}' is not a field`);
      return { key, label: field.label };
    }
    const relation = relations[root];
    const related = relation?.fields[child];
    if (!relation || !related) throw new Error(`${where}: export column '${key}' names no related field`);
    return { key, label: child === 'name' || child === 'fullName' ? relation.label : `${relation.label} ${related.label}` };
  });
}

function relatedSchema(relation: RelationContract): z.ZodType {
  // A populate may `select` some related fields: `_id` is always there.
  const item = (recordSchemaOf(relation.fields) as unknown as z.ZodObject).partial().required({ _id: true } as never);
  return relation.many ? z.array(item) : item.nullable();
}

/**
 * Checks a contract once, when its module loads (a misspelt key fails the typecheck first), and derives its
 * record, row, list response and typed filter schemas.
 */
export function defineContract<
  const F extends FieldShape,
  const R extends RelationShape = Record<never, never>,
  C extends z.ZodType | undefined = undefined,
  U extends z.ZodType | undefined = undefined,
  const O extends OrderOf<F> | undefined = undefined,
>(spec: ResourceContractSpec<F, R, C, U> & { order?: O }): ResourceContract<F, R, C, U, O> {
  const where = `contract '${spec.name}'`;
  if (!/^[a-z][a-zA-Z0-9]*$/.test(spec.name)) throw new Error(`${where}: the name is a camelCase word`);
  if (!/^[a-z0-9-]+(\/[a-z0-9-]+)*$/.test(spec.path)) throw new Error(`${where}: the path is lower-case segments`);
  if (!spec.fields._id) throw new Error(`${where}: a record needs '_id'`);
  const relations = (spec.relations ?? {}) as R;
  for (const name of Object.keys(relations))
    if (name in spec.fields && spec.fields[name]?.kind !== 'id') throw new Error(`${where}: relation '${name}' hides a field`);

  const fieldShape: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(spec.fields)) fieldShape[name] = field.optional ? field.schema.optional() : field.schema;
  // A populated relation takes the place of its reference field (`developer`: the id, or the developer).
  for (const [name, relation] of Object.entries(relations)) {
    const field = spec.fields[name];
    fieldShape[name] = field ? z.union([field.schema, relatedSchema(relation)]) : relatedSchema(relation).optional();
  }
  const record = z.object(fieldShape);
  const row = record.partial().required({ _id: true } as never);

  let update: z.ZodType | undefined = spec.update;
  if (!update && spec.create) {
    if (!(spec.create instanceof z.ZodObject)) throw new Error(`${where}: give an update schema (the create schema is not a plain object)`);
    update = spec.create.partial();
  }
  const upsertKey = spec.upsertKey === false ? null : (spec.upsertKey ?? ('sourceDataId' in spec.fields ? 'sourceDataId' : null));
  const sortable = keysWhere(spec.fields, (field) => field.sortable) as SortableKeys<F>[];
  if (!sortable.includes(spec.defaultSort.field)) throw new Error(`${where}: the default sort '${spec.defaultSort.field}' is not sortable`);
  const relationKeys = Object.keys(relations) as (keyof R & string)[];
  checkOrder(spec.fields, spec.order, where);

  return {
    ...spec,
    relations,
    softDelete: spec.softDelete ?? false,
    update: update as ResourceContract<F, R, C, U>['update'],
    upsertKey: upsertKey as (keyof F & string) | null,
    defaultSelect: spec.defaultSelect ?? keysWhere(spec.fields, (field) => !field.computed),
    record: record as unknown as z.ZodType<RecordOf<F, R>>,
    row: row as unknown as z.ZodType<RowOf<F, R>>,
    listResponse: z.object({ data: z.array(row), meta: PaginatorMetaSchema }) as unknown as ResourceContract<F, R, C, U>['listResponse'],
    listFilter: listFilterSchemaOf<F, R>(
      keysWhere(spec.fields, (field) => !field.computed),
      sortable,
      relationKeys,
    ),
    keys: {
      fields: keysWhere(spec.fields, (field) => !field.computed),
      sortable,
      distinct: keysWhere(spec.fields, (field) => field.distinct),
      searchable: keysWhere(spec.fields, (field) => field.searchable),
      filterable: keysWhere(spec.fields, (field) => field.filterable),
      sensitive: keysWhere(spec.fields, (field) => field.sensitive),
      relations: relationKeys,
    },
    exportColumns: exportColumnsOf(spec.fields, relations, spec.exportColumns as readonly string[] | undefined, where),
    order: spec.order as O,
  };
}

/** An ordered list names real fields: an int place, scalar `within` fields, or a json list of items. */
function checkOrder(fields: FieldShape, order: OrderSpec | undefined, where: string) {
  if (!order) return;
  if (isItemOrder(order)) {
    if (fields[order.list]?.kind !== 'json') throw new Error(`${where}: the ordered list '${order.list}' is not a json field`);
    return;
  }
  if (fields[order.field]?.kind !== 'int') throw new Error(`${where}: the order field '${order.field}' is not an int field`);
  for (const key of order.within ?? [])
    if (!fields[key] || fields[key].kind === 'json') throw new Error(`${where}: the order's 'within' field '${key}' is not a scalar field`);
}

/**
 * A contract's record with what one call answers beside it: a created lead is the record plus its
 * `limitsWarning`. The record is a zod object underneath, so the result is one object schema (one JSON schema).
 */
export function recordWith<C extends AnyResourceContract, S extends z.ZodRawShape>(
  contract: C,
  shape: S,
): z.ZodType<ContractRecord<C> & z.output<z.ZodObject<S>>> {
  return (contract.record as unknown as z.ZodObject).extend(shape) as unknown as z.ZodType<ContractRecord<C> & z.output<z.ZodObject<S>>>;
}

/** A field name of a contract's record: `const SELECT: FieldKeyOf<typeof leadContract>[] = ['leadID']`. */
export type FieldKeyOf<C> = keyof ContractFields<C> & string;
/** A populate entry of a contract: one of its relations, with an optional select. */
export type PopulateOf<C> = C extends ResourceContract<infer _F, infer R, infer _C, infer _U> ? PopulateEntry<R> : never;

// Types the screens read a contract with (apps/web/src/kit): the typed list filter and its query, the keys a list
// may sort or ask distinct values of, and the bodies and answers of create and update.

/** The typed `filter` of a contract's list calls. */
export type ContractListFilter<C> = C extends ResourceContract<infer F, infer R, infer _C, infer _U> ? TypedListFilter<F, R> : never;
/** The typed `query` of a contract's list filter. */
export type ContractQuery<C> = C extends ResourceContract<infer F, infer _R, infer _C, infer _U> ? TypedQuery<F> : never;
/** A field a contract's lists may sort by. */
export type SortableKeyOf<C> = C extends ResourceContract<infer F, infer _R, infer _C, infer _U> ? SortableKeys<F> : never;
/** A field that answers GET {path}/distinct/{field}. */
export type DistinctKeyOf<C> = C extends ResourceContract<infer F, infer _R, infer _C, infer _U> ? DistinctKeys<F> : never;
/** A relation name of a contract. */
export type RelationKeyOf<C> = C extends ResourceContract<infer _F, infer R, infer _C, infer _U> ? keyof R & string : never;
/** What a create body's schema gives back once it passed (defaults applied). */
export type ContractCreateOutput<C> =
  C extends ResourceContract<infer _F, infer _R, infer In, infer _U> ? (In extends z.ZodType ? z.output<In> : never) : never;
/** The body of PATCH {path}/{id}. */
export type ContractUpdateInput<C> = C extends { readonly update: infer S } ? (S extends z.ZodType ? z.input<S> : never) : never;
export type ContractUpdateOutput<C> = C extends { readonly update: infer S } ? (S extends z.ZodType ? z.output<S> : never) : never;
