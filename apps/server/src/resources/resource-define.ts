import { type AnyField, type AnyResourceContract, type FieldKind, PERMISSIONS, type SortDirection } from '@crm/domain';
import { z } from 'zod';
import type { ExportColumnSpec, FieldDef, FieldType, PopulateDef, ResourceDefinition, ResourceFacts, Row } from './resource.types.js';

/** Columns the engine owns: never written from a body. */
export const RESERVED_COLUMNS = new Set(['id', 'assetId', 'companyId', 'creatorId', 'updatedById', 'createdAt', 'updatedAt', 'deletedAt']);
const TO_MANY_DEFAULT_TAKE = 100;

const TYPE_OF_KIND: Record<FieldKind, FieldType> = {
  id: 'uuid',
  string: 'string',
  enum: 'enum',
  int: 'int',
  number: 'float',
  money: 'decimal',
  boolean: 'boolean',
  date: 'date',
  strings: 'string[]',
  ints: 'int[]',
  json: 'json',
};

/** The bookkeeping references of the base entity, by their API name. */
const BASE_COLUMNS: Record<string, string> = {
  _id: 'id',
  asset: 'assetId',
  company: 'companyId',
  creator: 'creatorId',
  updatedBy: 'updatedById',
};

/** A field's Prisma column: the server's word, else `_id` -> id and the base references, else `<reference>Id`. */
function defaultColumn(name: string, field: AnyField): string {
  return BASE_COLUMNS[name] ?? (field.refersTo ? `${name}Id` : name);
}

function fieldDef(name: string, field: AnyField, column: string): FieldDef {
  return {
    name,
    type: TYPE_OF_KIND[field.kind],
    column,
    nullable: field.nullable,
    sensitive: field.sensitive,
    filterable: field.filterable,
    searchDigits: field.searchDigits,
    ...(field.values ? { values: field.values } : {}),
  };
}

function schemaKeys(schema: z.ZodType | undefined): string[] {
  return schema instanceof z.ZodObject
    ? Object.keys(schema.shape)
    : schema instanceof z.ZodPipe && schema.in instanceof z.ZodObject
      ? Object.keys(schema.in.shape)
      : [];
}

/**
 * A resource of the engine: its domain contract plus the server's facts (model, columns, references, hooks).
 * Anything inconsistent (a column mapped twice, a written reference without its model) stops the boot.
 */
export function defineResource<C extends AnyResourceContract>(contract: C, facts: ResourceFacts<C>): ResourceDefinition<C> {
  const where = `resource '${contract.path}'`;
  const columns = (facts.columns ?? {}) as Record<string, string>;
  const refs = (facts.refs ?? {}) as Record<string, { model: ResourceFacts['model']; scope?: 'asset' | 'company' }>;
  for (const name of [...Object.keys(columns), ...Object.keys(refs)])
    if (!(name in contract.fields)) throw new Error(`${where}: '${name}' is not a field`);

  const fields = new Map<string, FieldDef>();
  const used = new Set<string>();
  for (const [name, field] of Object.entries(contract.fields)) {
    if (field.computed) continue; // answered by the module's own calls, never read from a column
    const column = columns[name] ?? defaultColumn(name, field);
    if (used.has(column)) throw new Error(`${where}: column '${column}' is mapped twice`);
    used.add(column);
    const ref = refs[name];
    fields.set(name, {
      ...fieldDef(name, field, column),
      ...(ref ? { ref: { model: ref.model, scope: ref.scope ?? 'asset', label: field.label } } : {}),
    });
  }
  const has = {
    assetId: fields.get('asset')?.column === 'assetId',
    companyId: fields.get('company')?.column === 'companyId',
    creatorId: fields.get('creator')?.column === 'creatorId',
    updatedById: fields.get('updatedBy')?.column === 'updatedById',
    deletedAt: fields.get('deletedAt')?.column === 'deletedAt',
  };
  if (contract.scope === 'asset' && !has.assetId) throw new Error(`${where}: an asset-scoped resource needs the 'asset' field`);
  if (contract.scope === 'company' && !has.companyId) throw new Error(`${where}: a company-scoped resource needs the 'company' field`);
  if (contract.softDelete && !has.deletedAt) throw new Error(`${where}: soft delete needs the 'deletedAt' field`);

  const populateFacts = (facts.populate ?? {}) as Record<string, NonNullable<ResourceFacts['populate']>[string]>;
  const populate = new Map<string, PopulateDef>();
  for (const [name, relation] of Object.entries(contract.relations)) {
    const own = populateFacts[name] ?? {};
    const related = new Map<string, FieldDef>();
    for (const [fieldName, field] of Object.entries(relation.fields)) {
      related.set(fieldName, fieldDef(fieldName, field, own.columns?.[fieldName] ?? defaultColumn(fieldName, field)));
    }
    populate.set(name, {
      name,
      relation: own.relation ?? name,
      many: relation.many,
      fromOne: own.fromOne ?? false,
      fields: related,
      defaultSelect: relation.defaultSelect,
      take: own.take ?? TO_MANY_DEFAULT_TAKE,
    });
  }

  // Every reference a body may write is checked against its model: a missing model would skip the check.
  const relationWrites: readonly string[] = facts.relationWrites ?? [];
  for (const name of relationWrites)
    if (!contract.relations[name]?.many || !facts.hooks?.beforeCreate || !facts.hooks.beforeUpdate)
      throw new Error(`${where}: '${name}' is written as a to-many relation without one, or without both write hooks`);
  for (const key of [...schemaKeys(contract.create), ...schemaKeys(contract.update)]) {
    if (relationWrites.includes(key)) continue;
    const def = fields.get(key);
    if (!def) throw new Error(`${where}: body field '${key}' is not a field`);
    if (RESERVED_COLUMNS.has(def.column) && def.column !== 'assetId')
      throw new Error(`${where}: body field '${key}' is managed by the engine`);
    if (contract.fields[key]?.refersTo && !def.ref) throw new Error(`${where}: the reference '${key}' is written but has no model in refs`);
  }

  const p = contract.permissions;
  const permissions = {
    read: p.read,
    ...(contract.create && p.create ? { create: p.create } : {}),
    ...(contract.update && p.update ? { update: p.update } : {}),
    ...(p.delete ? { delete: p.delete, forceDelete: p.forceDelete ?? [PERMISSIONS.SUPER_ACCESS] } : {}),
  };
  const formats = facts.exportFormat ?? {};
  const exportColumns: ExportColumnSpec[] = contract.exportColumns.map((column) => ({
    header: column.label,
    field: column.key,
    ...(formats[column.key] ? { format: formats[column.key] } : {}),
  }));
  const defaultSort: { field: string; direction: SortDirection } = {
    field: contract.defaultSort.field,
    direction: contract.defaultSort.direction,
  };

  return {
    contract,
    facts,
    path: contract.path,
    model: facts.model,
    label: contract.label.one,
    tag: facts.tag ?? contract.path.split('/')[0] ?? contract.path,
    scope: contract.scope,
    softDelete: contract.softDelete,
    fields,
    sortable: new Set(contract.keys.sortable),
    distinct: new Set(contract.keys.distinct),
    search: contract.keys.searchable,
    defaultSort,
    defaultSelect: contract.defaultSelect,
    populate,
    ...(contract.create ? { createSchema: contract.create as z.ZodType<Row> } : {}),
    ...(contract.update ? { updateSchema: contract.update as z.ZodType<Row> } : {}),
    ...(contract.upsert ? { upsertSchema: contract.upsert as z.ZodType<Row> } : {}),
    permissions,
    upsertKey: permissions.create && permissions.update ? contract.upsertKey : null,
    exportColumns,
    has,
  };
}
