import type { z } from 'zod';
import type { AnyResourceContract, CustomFieldKind, PermissionCode, ResourceContract, SortDirection } from '@crm/domain';
import type { Actor } from '../core/actor.js';
import type { AppDeps } from '../core/deps.js';
import type { ResourceEventInput } from '../core/events/domain-event.types.js';
import type { DbTx } from '../db/prisma.js';

// The vocabulary of the generic resource engine. A resource is its domain contract plus the server's facts
// (resource-define.ts); the engine (filter compiler, serializer, service, export, routes) reads only these shapes.

export type FieldType = 'string' | 'enum' | 'uuid' | 'int' | 'float' | 'decimal' | 'boolean' | 'date' | 'string[]' | 'int[]' | 'json';

/** Prisma client properties that are model delegates ('customer', 'teamMember'...). */
export type ModelKey = {
  [K in keyof DbTx]: K extends `$${string}` ? never : DbTx[K] extends { findMany: unknown } ? K : never;
}[keyof DbTx];

/** A foreign key the engine checks on write: the target must exist inside the caller's asset (or company). */
export interface FieldRef {
  model: ModelKey;
  scope: 'asset' | 'company';
  label: string;
}

export interface FieldDef {
  name: string;
  type: FieldType;
  column: string;
  nullable: boolean;
  sensitive: boolean;
  filterable: boolean;
  /** A searchable phone number: a typed phone also matches by its digits. */
  searchDigits: boolean;
  values?: readonly string[];
  ref?: FieldRef;
  /** A custom field's value: the key inside the JSON `column` (a filter's `customFields.<key>`). */
  jsonKey?: string;
}

export type Row = Record<string, unknown>;
/** A serialized record: API names, JSON values, `_id` always (the contract's record schema checks the rest). */
export type ApiRecord = { _id: string } & Record<string, unknown>;
export type Where = Record<string, unknown>;

/** Server facts of one relation of the contract. */
export interface PopulateFacts {
  /** Prisma relation name (default: the relation's key). */
  relation?: string;
  /** Prisma columns of related fields that differ from their names (`_id` is `id` already). */
  columns?: Record<string, string>;
  /** A to-one Prisma relation answered as a list of zero or one (`listings` of a lead). */
  fromOne?: boolean;
  /** To-many relations answer at most this many rows (default 100). */
  take?: number;
}

export interface PopulateDef {
  name: string;
  relation: string;
  many: boolean;
  /** Read through a to-one relation, answered as a list. */
  fromOne: boolean;
  fields: Map<string, FieldDef>;
  defaultSelect: readonly string[];
  take: number;
}

export type Verb = 'read' | 'create' | 'update' | 'delete' | 'forceDelete';

/** Turns an exported value (as serialized) into its cell; the default joins lists with ', '. */
export type ExportFormat = (value: unknown, record: Row) => string | number | boolean | Date | null;

export interface ExportColumnSpec {
  header: string;
  /** A field name, or `relation.field` of a populate (auto-populated for the export). */
  field: string;
  format?: ExportFormat;
}

export interface WriteHookInput {
  tx: DbTx;
  actor: Actor;
  deps: ResourceDeps;
  /** The validated body (API names). */
  body: Row;
  /** The same body mapped to columns; a hook returns extra or replacing columns. */
  data: Row;
  /** The tenancy columns the row gets (assetId, companyId). */
  scope: { assetId: string | null; companyId: string };
  /** The stored row, on update. */
  existing?: Row;
}

/** A write that has committed, as the afterCommit hooks get it. */
export interface CommittedChange {
  record: ApiRecord;
  body: Row;
  created: boolean;
  before: Row | null;
  removed?: boolean;
}

/** Redis and env are optional: only what caches (the count cache) uses them, and falls back without. */
export type ResourceDeps = Pick<AppDeps, 'db' | 'clock' | 'log'> & Partial<Pick<AppDeps, 'redis' | 'env' | 'jobs' | 'events'>>;

/**
 * What only the server knows about a resource: its Prisma model and columns, the references it checks on write,
 * and its hooks. Everything else (fields, relations, inputs, permissions, labels) comes from the contract.
 */
export interface ResourceFacts<C extends AnyResourceContract = AnyResourceContract> {
  model: ModelKey;
  /** OpenAPI tag. Default: the first segment of the path. */
  tag?: string;
  /** Prisma columns of fields that differ from the default (`_id` -> id, `asset` -> assetId, a reference -> `<name>Id`). */
  columns?: Partial<Record<FieldKeys<C>, string>>;
  /** The Prisma model of each reference a body may write, checked to exist in the caller's tenancy. */
  refs?: Partial<Record<FieldKeys<C>, { model: ModelKey; scope?: 'asset' | 'company' }>>;
  populate?: Partial<Record<RelationKeys<C>, PopulateFacts>>;
  /**
   * To-many relations a create or update body sets by their ids (a member's groups): no column holds them, so the
   * engine passes them to the resource's hooks, which check the ids and return the relation's write.
   */
  relationWrites?: readonly RelationKeys<C>[];
  /** Filter keys of `query` beyond the contract's fields, each compiled by the resource (filter-compiler.ts `FilterKey`). */
  filterKeys?: Readonly<Record<string, (value: unknown, path: string) => Where>>;
  /** Cells of export columns that need more than the serialized value. */
  exportFormat?: Record<string, ExportFormat>;
  /**
   * Routes the resource's own module serves instead of the engine (e.g. an export with computed columns):
   * the engine registers no REST route for them, so exactly one route answers each path.
   */
  ownRoutes?: readonly ('export' | 'search')[];
  /**
   * The exact `total` of list/search and the answer of count cached per filter in Redis (count-cache.ts), for
   * tables where counting every match each time is too slow (a million rows). Writes through the engine invalidate
   * it; a module that writes the table itself says `uow.countsChanged` in its unit of work (unit-of-work.ts).
   * `true`: a 30 s TTL.
   */
  cachedCount?: true | { ttlSeconds: number };
  /**
   * A column the database keeps holding every search field's value (customers: `searchText`, filled by a trigger),
   * trigram-indexed, while the fields themselves are not all trigram-indexed: a keyword search by a caller who may see
   * every search field finds its candidates through it, then checks the fields on them (search-plan.ts).
   */
  searchColumn?: string;
  /**
   * A column beside `searchColumn` holding every beginning of every word of the same fields, behind the record's asset
   * ('<assetId>:<beginning>', kept by the database): a keyword of words only is then a word-prefix search through it
   * (search-plan.ts). Asset-scoped resources only.
   */
  searchWordsColumn?: string;
  /**
   * A column holding every run of four digits inside the numbers of the search fields ('0500', kept by the database):
   * a keyword with a number of four digits or more (a listing's reference) finds its candidates by those keys, then
   * every field the caller may see is checked on them (search-plan.ts). Not used for a keyword a phone field matches by
   * its digits.
   */
  searchNumbersColumn?: string;
  /** Records carrying custom field values of this kind (`customFields`): checked on write, filtered and exported. */
  customFieldKind?: CustomFieldKind;
  /**
   * Other cached resources whose totals this one's writes may change through its hooks (a team member disabled moves
   * their leads): their cached counts of the tenancy go too, after the commit.
   */
  invalidates?: () => readonly ResourceDefinition[];
  /**
   * The rows a caller may see at all (null: every row of the tenancy), ANDed into every read, export, update and
   * delete with the tenancy: a row outside it answers 404 like a missing one (deals: their agent's team).
   */
  visibleRows?: (actor: Actor) => Where | null;
  hooks?: {
    beforeCreate?: (input: WriteHookInput) => Promise<Row> | Row;
    beforeUpdate?: (input: WriteHookInput) => Promise<Row> | Row;
    /** Runs in the DELETE's transaction before the (soft) delete: what must not outlive the record moves first. */
    beforeRemove?: (input: Omit<WriteHookInput, 'body' | 'data'> & { existing: Row }) => Promise<void>;
    /**
     * After a create, update, upsert, import, delete or restore has committed: side work that must neither hold nor
     * fail the write (queue a job). A failure is logged, the caller still gets the record. `removed`: a delete (soft
     * or for good); a restore is an update with an empty body. `before`: the stored row the write changed (its
     * columns), null for a create.
     */
    afterCommit?: (deps: ResourceDeps, change: CommittedChange) => Promise<void>;
    /**
     * The same work for many committed writes at once (an import's rows since its last flush), so what afterCommit
     * would repeat per record (which integrations are on, a portal sync queued) is done once. Without it each
     * change goes through afterCommit.
     */
    afterCommitMany?: (deps: ResourceDeps, changes: readonly CommittedChange[]) => Promise<void>;
    /**
     * The domain events a create or an update (the generic calls, an upsert, an import's row) tells of: recorded in
     * its transaction and delivered to their subscribers after the commit (core/events), at least once even when the
     * process dies in between. Side effects in other modules go here, not in afterCommit.
     */
    events?: (change: CommittedChange, scope: { companyId: string; assetId: string | null }) => readonly ResourceEventInput[];
  };
}

export type FieldKeys<C> = C extends ResourceContract<infer F, infer _R, infer _C, infer _U> ? keyof F & string : never;
export type RelationKeys<C> = C extends ResourceContract<infer _F, infer R, infer _C, infer _U> ? keyof R & string : never;

export interface ResourceDefinition<C extends AnyResourceContract = AnyResourceContract> {
  contract: C;
  facts: ResourceFacts<C>;
  path: string;
  model: ModelKey;
  label: string;
  tag: string;
  scope: 'asset' | 'company';
  softDelete: boolean;
  fields: Map<string, FieldDef>;
  sortable: Set<string>;
  distinct: Set<string>;
  search: readonly string[];
  defaultSort: { field: string; direction: SortDirection };
  defaultSelect: readonly string[];
  populate: Map<string, PopulateDef>;
  createSchema?: z.ZodType<Row>;
  /** The chekinio body, when the contract gives its own (with the upsert key); else the create body plus the key. */
  upsertSchema?: z.ZodType<Row>;
  updateSchema?: z.ZodType<Row>;
  /** Resolved per verb; a missing verb has no route. */
  permissions: {
    read: readonly PermissionCode[];
    create?: readonly PermissionCode[];
    update?: readonly PermissionCode[];
    delete?: readonly PermissionCode[];
    forceDelete?: readonly PermissionCode[];
  };
  upsertKey: string | null;
  exportColumns: readonly ExportColumnSpec[];
  /** Which bookkeeping columns the model has. */
  has: { assetId: boolean; companyId: boolean; creatorId: boolean; updatedById: boolean; deletedAt: boolean };
}
