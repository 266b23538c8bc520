import type { z } from 'zod';
import type { PermissionCode, SortDirection } from '@crm/domain';
import type { Actor } from '../core/actor.js';
import type { AppDeps } from '../core/deps.js';
import type { DbTx } from '../db/prisma.js';
import type { Access } from './resource-access.js';

// The vocabulary of the generic resource engine. A resource is configuration (resource-define.ts); the engine
// (filter compiler, serializer, service, export, routes) reads only these shapes.

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

export interface FieldOptions {
  /** The Prisma column, when it differs from the API name (`asset` -> `assetId`). */
  column?: string;
  nullable?: boolean;
  /** Hidden, unfilterable and (on update) unwritable without VIEW_SENSITIVE_INFORMATION. */
  sensitive?: boolean;
  /** Allowed values of an `enum` field. */
  values?: readonly string[];
  ref?: FieldRef;
  /** Defaults to true for every type but json. */
  filterable?: boolean;
}

export interface FieldSpec extends FieldOptions {
  type: FieldType;
}

export interface FieldDef {
  name: string;
  type: FieldType;
  column: string;
  nullable: boolean;
  sensitive: boolean;
  filterable: boolean;
  values?: readonly string[];
  ref?: FieldRef;
}

export type Row = Record<string, unknown>;
export type Where = Record<string, unknown>;

export interface PopulateSpec {
  /** Prisma relation name on the model. */
  relation: string;
  /** A to-many relation (answers an array). */
  many?: boolean;
  /** What the related record may show (its own whitelist). */
  fields: Record<string, FieldSpec>;
  /** Fields shown when the populate names no `select` (default: every field). */
  defaultSelect?: readonly string[];
  /** To-many relations answer at most this many rows (default 100). */
  take?: number;
}

export interface PopulateDef {
  name: string;
  relation: string;
  many: boolean;
  fields: Map<string, FieldDef>;
  defaultSelect: readonly string[];
  take: number;
}

export interface ResourcePermissions {
  read: PermissionCode[];
  /** Shorthand for create and update. A resource with neither is read-only (no write routes). */
  write?: PermissionCode[];
  create?: PermissionCode[];
  update?: PermissionCode[];
  /** Soft delete and restore. None: no delete routes. */
  delete?: PermissionCode[];
  /** Default: SUPER_ACCESS. */
  forceDelete?: PermissionCode[];
}

export type Verb = 'read' | 'create' | 'update' | 'delete' | 'forceDelete';

export interface ExportColumnSpec {
  header: string;
  /** A field name, or `relation.field` of a populate (auto-populated for the export). */
  field: string;
  /** Turns the serialized value into the cell (default: the value, arrays joined with ', '). */
  format?: (value: unknown, record: Row) => string | number | boolean | Date | null;
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

/** Redis and env are optional: only hooks that cache (e.g. a resource's `count`) use them, and fall back without. */
export type ResourceDeps = Pick<AppDeps, 'db' | 'clock' | 'log'> & Partial<Pick<AppDeps, 'redis' | 'env'>>;

export interface CountInput {
  deps: ResourceDeps;
  access: Access;
  /** The list's complete where (tenancy, soft delete, query, search). */
  where: Where;
  /** The exact count, straight from the database. */
  count: () => Promise<number>;
}

export interface ResourceConfig {
  /** Path under /api, no leading slash: 'teams/members'. */
  path: string;
  model: ModelKey;
  /** Singular label for messages: 'customer' -> 'Customer not found'. */
  label: string;
  /** OpenAPI tag. Default: the path. */
  tag?: string;
  /** Tenancy: rows of the caller's active asset, or of the caller's company. */
  scope: 'asset' | 'company';
  softDelete?: boolean;
  fields: Record<string, FieldSpec>;
  sortable?: readonly string[];
  distinct?: readonly string[];
  search?: readonly string[];
  defaultSort?: Record<string, SortDirection>;
  /** Fields a list answers when the filter names no `select` (default: every field). */
  defaultSelect?: readonly string[];
  populate?: Record<string, PopulateSpec>;
  /** Strict zod schemas of POST and PATCH bodies (API names). PATCH defaults to the create schema's partial. */
  create?: z.ZodType<Row>;
  update?: z.ZodType<Row>;
  permissions: ResourcePermissions;
  /** The upsert key of POST {path}/chekinio (default sourceDataId, when the resource has it). */
  upsertKey?: string | false;
  exportColumns?: readonly (string | ExportColumnSpec)[];
  /**
   * Routes the resource's own module serves instead of the engine (e.g. an export with computed columns):
   * the engine registers no REST route for them, so exactly one route answers each path.
   */
  ownRoutes?: readonly 'export'[];
  /**
   * The `total` of list/search and the answer of count, when counting every match each time is too slow
   * (a million rows): e.g. the exact count cached per filter. Default: `count()`.
   */
  count?: (input: CountInput) => Promise<number>;
  hooks?: {
    beforeCreate?: (input: WriteHookInput) => Promise<Row> | Row;
    beforeUpdate?: (input: WriteHookInput) => Promise<Row> | Row;
  };
}

export interface ResourceDefinition {
  config: ResourceConfig;
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
  updateSchema?: z.ZodType<Row>;
  /** Resolved per verb; a missing verb has no route. */
  permissions: {
    read: PermissionCode[];
    create?: PermissionCode[];
    update?: PermissionCode[];
    delete?: PermissionCode[];
    forceDelete?: PermissionCode[];
  };
  upsertKey: string | null;
  exportColumns: readonly ExportColumnSpec[];
  /** Which bookkeeping columns the model has. */
  has: { assetId: boolean; companyId: boolean; creatorId: boolean; updatedById: boolean; deletedAt: boolean };
}
