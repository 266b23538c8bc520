import { z } from 'zod';
import { PERMISSIONS, type SortDirection } from '@crm/domain';
import type { ExportColumnSpec, FieldDef, FieldSpec, PopulateDef, ResourceConfig, ResourceDefinition } from './resource.types.js';

/** Columns the engine owns: never written from a body. */
export const RESERVED_COLUMNS = new Set(['id', 'assetId', 'companyId', 'creatorId', 'updatedById', 'createdAt', 'updatedAt', 'deletedAt']);
const TO_MANY_DEFAULT_TAKE = 100;

function buildFields(specs: Record<string, FieldSpec>, where: string): Map<string, FieldDef> {
  const fields = new Map<string, FieldDef>();
  const columns = new Set<string>();
  for (const [name, spec] of Object.entries(specs)) {
    const column = spec.column ?? name;
    if (columns.has(column)) throw new Error(`${where}: column '${column}' is mapped twice`);
    columns.add(column);
    if (spec.type === 'enum' && !spec.values?.length) throw new Error(`${where}: enum field '${name}' has no values`);
    fields.set(name, {
      name,
      type: spec.type,
      column,
      nullable: spec.nullable ?? false,
      sensitive: spec.sensitive ?? false,
      filterable: spec.filterable ?? spec.type !== 'json',
      ...(spec.values ? { values: spec.values } : {}),
      ...(spec.ref ? { ref: spec.ref } : {}),
    });
  }
  const id = fields.get('_id');
  if (id?.column !== 'id') throw new Error(`${where}: '_id' must map to column 'id'`);
  return fields;
}

function requireNames(
  fields: Map<string, FieldDef>,
  names: readonly string[],
  what: string,
  where: string,
  check?: (f: FieldDef) => boolean,
) {
  for (const name of names) {
    const def = fields.get(name);
    if (!def) throw new Error(`${where}: ${what} field '${name}' is not a field`);
    if (check && !check(def)) throw new Error(`${where}: field '${name}' cannot be ${what}`);
  }
}

function schemaKeys(schema: z.ZodType | undefined): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

function resolveExportColumns(
  config: ResourceConfig,
  fields: Map<string, FieldDef>,
  populate: Map<string, PopulateDef>,
  where: string,
): ExportColumnSpec[] {
  const specs = config.exportColumns ?? [...fields.values()].filter((f) => f.type !== 'json').map((f) => f.name);
  return specs.map((spec) => {
    const column = typeof spec === 'string' ? { header: spec, field: spec } : spec;
    const [root, child, ...rest] = column.field.split('.');
    if (!root || rest.length) throw new Error(`${where}: export column '${column.field}' is not a field or relation.field`);
    if (child === undefined) requireNames(fields, [root], 'export', where);
    else if (!populate.get(root)?.fields.has(child)) throw new Error(`${where}: export column '${column.field}' names no populate field`);
    return column;
  });
}

function partialOf(schema: z.ZodType<Record<string, unknown>> | undefined, where: string): z.ZodType<Record<string, unknown>> | undefined {
  if (!schema) return undefined;
  if (!(schema instanceof z.ZodObject)) throw new Error(`${where}: give an update schema (the create schema is not a plain object)`);
  return schema.partial() as unknown as z.ZodType<Record<string, unknown>>;
}

/** Turns a resource's configuration into the engine's definition, refusing at boot anything inconsistent. */
export function defineResource(config: ResourceConfig): ResourceDefinition {
  const where = `resource '${config.path}'`;
  if (!/^[a-z0-9-]+(\/[a-z0-9-]+)*$/.test(config.path)) throw new Error(`${where}: path must be lower-case segments`);
  const fields = buildFields(config.fields, where);
  const columnOf = (name: string) => fields.get(name)?.column;
  const has = {
    assetId: columnOf('asset') === 'assetId',
    companyId: columnOf('company') === 'companyId',
    creatorId: columnOf('creator') === 'creatorId',
    updatedById: columnOf('updatedBy') === 'updatedById',
    deletedAt: columnOf('deletedAt') === 'deletedAt',
  };
  if (config.scope === 'asset' && !has.assetId) throw new Error(`${where}: an asset-scoped resource needs the 'asset' field`);
  if (config.scope === 'company' && !has.companyId) throw new Error(`${where}: a company-scoped resource needs the 'company' field`);
  const softDelete = config.softDelete ?? false;
  if (softDelete && !has.deletedAt) throw new Error(`${where}: soft delete needs the 'deletedAt' field`);

  const sortable = config.sortable ?? ['createdAt'];
  requireNames(fields, sortable, 'sortable', where, (f) => !f.type.endsWith('[]') && f.type !== 'json');
  const distinct = config.distinct ?? [];
  requireNames(fields, distinct, 'distinct', where, (f) => !f.type.endsWith('[]') && f.type !== 'json');
  const search = config.search ?? [];
  requireNames(fields, search, 'searched', where, (f) => f.type === 'string' || f.type === 'enum');
  const defaultSelect = config.defaultSelect ?? [...fields.keys()];
  requireNames(fields, defaultSelect, 'selected', where);
  const [sortField, direction]: [string, SortDirection] = Object.entries(config.defaultSort ?? {})[0] ?? ['createdAt', -1];
  requireNames(fields, [sortField], 'sorted', where);

  const populate = new Map<string, PopulateDef>();
  for (const [name, spec] of Object.entries(config.populate ?? {})) {
    const related = buildFields(spec.fields, `${where} populate '${name}'`);
    const select = spec.defaultSelect ?? [...related.keys()];
    requireNames(related, select, 'selected', `${where} populate '${name}'`);
    populate.set(name, {
      name,
      relation: spec.relation,
      many: spec.many ?? false,
      fields: related,
      defaultSelect: select,
      take: spec.take ?? TO_MANY_DEFAULT_TAKE,
    });
  }

  for (const key of [...schemaKeys(config.create), ...schemaKeys(config.update)]) {
    const def = fields.get(key);
    if (!def) throw new Error(`${where}: body field '${key}' is not a field`);
    // `asset` may be named (the customer form sends it) but must be the caller's active asset.
    if (RESERVED_COLUMNS.has(def.column) && def.column !== 'assetId')
      throw new Error(`${where}: body field '${key}' is managed by the engine`);
  }
  const updateSchema = config.update ?? partialOf(config.create, where);

  const p = config.permissions;
  const permissions = {
    read: p.read,
    ...(config.create && (p.create ?? p.write) ? { create: p.create ?? p.write } : {}),
    ...(updateSchema && (p.update ?? p.write) ? { update: p.update ?? p.write } : {}),
    ...(p.delete ? { delete: p.delete, forceDelete: p.forceDelete ?? [PERMISSIONS.SUPER_ACCESS] } : {}),
  };

  const upsertKey = config.upsertKey === false ? null : (config.upsertKey ?? (fields.has('sourceDataId') ? 'sourceDataId' : null));
  if (upsertKey) requireNames(fields, [upsertKey], 'upsert key', where, (f) => f.type === 'string');

  return {
    config,
    path: config.path,
    model: config.model,
    label: config.label,
    tag: config.tag ?? config.path,
    scope: config.scope,
    softDelete,
    fields,
    sortable: new Set(sortable),
    distinct: new Set(distinct),
    search,
    defaultSort: { field: sortField, direction },
    defaultSelect,
    populate,
    ...(config.create ? { createSchema: config.create } : {}),
    ...(updateSchema ? { updateSchema } : {}),
    permissions,
    upsertKey: permissions.create && permissions.update ? upsertKey : null,
    exportColumns: resolveExportColumns(config, fields, populate, where),
    has,
  };
}
