import * as schemaWasm from '@prisma/prisma-schema-wasm';
import type pg from 'pg';

// Compares a database's catalog with what prisma/schema.prisma declares, without Prisma's native schema
// engine: the schema is read by Prisma's own WebAssembly parser (get_dmmf) and turned into the catalog
// Prisma Migrate would create on PostgreSQL (tables, columns with type/nullability/default presence, indexes
// and unique constraints, foreign keys, enums, extensions). Used by the drift test; test tooling only.

export interface CatalogColumn {
  type: string;
  nullable: boolean;
  hasDefault: boolean;
}

export interface SchemaCatalog {
  tables: Map<string, Map<string, CatalogColumn>>;
  /** Readable signatures, e.g. `UNIQUE "Lead" ("assetId", "leadID")`. */
  indexes: Set<string>;
  foreignKeys: Set<string>;
  enums: Map<string, string[]>;
  extensions: Set<string>;
}

interface DmmfField {
  name: string;
  dbName?: string | null;
  kind: 'scalar' | 'object' | 'enum' | 'unsupported';
  isList: boolean;
  isRequired: boolean;
  isId: boolean;
  hasDefaultValue: boolean;
  isUpdatedAt: boolean;
  type: string;
  nativeType?: [string, string[]] | null;
  default?: unknown;
  relationName?: string;
  relationFromFields?: string[];
  relationToFields?: string[];
  relationOnDelete?: string;
  relationOnUpdate?: string;
}

interface DmmfModel {
  name: string;
  dbName: string | null;
  fields: DmmfField[];
}

interface DmmfIndex {
  model: string;
  type: 'id' | 'normal' | 'unique' | 'fulltext';
  algorithm?: string;
  fields: { name: string; sortOrder?: 'asc' | 'desc'; operatorClass?: string }[];
}

interface Dmmf {
  datamodel: {
    models: DmmfModel[];
    enums: { name: string; dbName?: string | null; values: { name: string; dbName?: string | null }[] }[];
    indexes: DmmfIndex[];
  };
}

const PRISMA_TYPES: Record<string, string> = {
  String: 'text',
  Int: 'integer',
  BigInt: 'bigint',
  Float: 'double precision',
  Decimal: 'numeric(65,30)',
  Boolean: 'boolean',
  DateTime: 'timestamp(3) without time zone',
  Json: 'jsonb',
  Bytes: 'bytea',
};

function nativeTypeName([name, args]: [string, string[]]): string {
  const withArgs = (base: string, fallback?: string) => {
    const value = args.length ? args.join(',') : fallback;
    return value === undefined ? base : `${base}(${value})`;
  };
  switch (name) {
    case 'Uuid':
      return 'uuid';
    case 'Text':
      return 'text';
    case 'VarChar':
      return withArgs('character varying');
    case 'Char':
      return withArgs('character', '1');
    case 'SmallInt':
      return 'smallint';
    case 'Integer':
      return 'integer';
    case 'BigInt':
      return 'bigint';
    case 'Real':
      return 'real';
    case 'DoublePrecision':
      return 'double precision';
    case 'Decimal':
      return withArgs('numeric');
    case 'Money':
      return 'money';
    case 'Boolean':
      return 'boolean';
    case 'Timestamp':
      return `timestamp(${args[0] ?? '3'}) without time zone`;
    case 'Timestamptz':
      return `timestamp(${args[0] ?? '3'}) with time zone`;
    case 'Date':
      return 'date';
    case 'Time':
      return `time(${args[0] ?? '3'}) without time zone`;
    case 'Timetz':
      return `time(${args[0] ?? '3'}) with time zone`;
    case 'Json':
      return 'json';
    case 'JsonB':
      return 'jsonb';
    case 'ByteA':
      return 'bytea';
    case 'Inet':
      return 'inet';
    case 'Xml':
      return 'xml';
    case 'Citext':
      return 'citext';
    case 'Oid':
      return 'oid';
    default:
      throw new Error(`schema-drift: native type @db.${name} is not mapped yet; add it to nativeTypeName`);
  }
}

/** Function defaults Prisma evaluates in the client, so the column has no database default. */
const CLIENT_SIDE_DEFAULTS = new Set(['uuid', 'cuid', 'nanoid', 'ulid']);

function hasDatabaseDefault(field: DmmfField): boolean {
  if (!field.hasDefaultValue) return false;
  const value = field.default;
  if (value && typeof value === 'object' && !Array.isArray(value) && 'name' in value) {
    return !CLIENT_SIDE_DEFAULTS.has(String(value.name));
  }
  return true;
}

const q = (name: string) => `"${name}"`;

function indexSignature(kind: 'PRIMARY KEY' | 'UNIQUE' | 'INDEX', table: string, method: string, columns: string[]): string {
  const using = method === 'btree' ? '' : ` USING ${method}`;
  return `${kind} ${q(table)}${using} (${columns.join(', ')})`;
}

function columnTerm(column: string, descending: boolean, operatorClass: string): string {
  return [q(column), operatorClass, descending ? 'DESC' : ''].filter(Boolean).join(' ');
}

const REFERENTIAL_ACTIONS: Record<string, string> = {
  Cascade: 'CASCADE',
  Restrict: 'RESTRICT',
  NoAction: 'NO ACTION',
  SetNull: 'SET NULL',
  SetDefault: 'SET DEFAULT',
};

function foreignKeySignature(table: string, columns: string[], refTable: string, refColumns: string[], onDelete: string, onUpdate: string) {
  return `${q(table)} (${columns.map(q).join(', ')}) -> ${q(refTable)} (${refColumns.map(q).join(', ')}) ON DELETE ${onDelete} ON UPDATE ${onUpdate}`;
}

/** The catalog Prisma Migrate would build on PostgreSQL for this schema text. */
export function expectedCatalog(schemaText: string): SchemaCatalog {
  const dmmf = JSON.parse(schemaWasm.get_dmmf(JSON.stringify({ prismaSchema: [['schema.prisma', schemaText]] }))) as Dmmf;
  const { models, enums, indexes } = dmmf.datamodel;
  const byName = new Map(models.map((model) => [model.name, model]));
  const enumNames = new Map(enums.map((item) => [item.name, item.dbName ?? item.name]));
  const tableOf = (model: DmmfModel) => model.dbName ?? model.name;
  const columnOf = (model: DmmfModel, fieldName: string) => {
    const field = model.fields.find((candidate) => candidate.name === fieldName);
    if (!field) throw new Error(`schema-drift: ${model.name}.${fieldName} not found`);
    return field.dbName ?? field.name;
  };
  const typeOf = (field: DmmfField): string => {
    const base =
      field.kind === 'enum'
        ? (enumNames.get(field.type) ?? field.type)
        : field.nativeType
          ? nativeTypeName(field.nativeType)
          : PRISMA_TYPES[field.type];
    if (!base) throw new Error(`schema-drift: type ${field.type} is not mapped yet`);
    return field.isList ? `${base}[]` : base;
  };

  const catalog: SchemaCatalog = {
    tables: new Map(),
    indexes: new Set(),
    foreignKeys: new Set(),
    enums: new Map(enums.map((item) => [item.dbName ?? item.name, item.values.map((value) => value.dbName ?? value.name)])),
    extensions: new Set(
      /extensions\s*=\s*\[([^\]]*)\]/
        .exec(schemaText)?.[1]
        ?.split(',')
        .map((name) => name.trim())
        .filter(Boolean) ?? [],
    ),
  };

  for (const model of models) {
    const columns = new Map<string, CatalogColumn>();
    for (const field of model.fields) {
      if (field.kind === 'object') continue;
      // Prisma creates scalar lists without NOT NULL on PostgreSQL.
      columns.set(field.dbName ?? field.name, {
        type: typeOf(field),
        nullable: field.isList || !field.isRequired,
        hasDefault: hasDatabaseDefault(field),
      });
    }
    catalog.tables.set(tableOf(model), columns);

    for (const field of model.fields) {
      if (field.kind !== 'object' || !field.relationFromFields?.length) continue;
      const target = byName.get(field.type);
      if (!target) throw new Error(`schema-drift: relation target ${field.type} not found`);
      const fromColumns = field.relationFromFields.map((name) => columnOf(model, name));
      const required = field.relationFromFields.every((name) => model.fields.find((f) => f.name === name)?.isRequired);
      const onDelete = REFERENTIAL_ACTIONS[field.relationOnDelete ?? (required ? 'Restrict' : 'SetNull')] ?? '?';
      const onUpdate = REFERENTIAL_ACTIONS[field.relationOnUpdate ?? 'Cascade'] ?? '?';
      const toColumns = (field.relationToFields ?? []).map((name) => columnOf(target, name));
      catalog.foreignKeys.add(foreignKeySignature(tableOf(model), fromColumns, tableOf(target), toColumns, onDelete, onUpdate));
    }
  }

  for (const index of indexes) {
    if (index.type === 'fulltext') continue; // MySQL/MongoDB only
    const model = byName.get(index.model);
    if (!model) throw new Error(`schema-drift: index on unknown model ${index.model}`);
    const terms = index.fields.map((field) =>
      columnTerm(columnOf(model, field.name), field.sortOrder === 'desc', field.operatorClass ?? ''),
    );
    const kind = index.type === 'id' ? 'PRIMARY KEY' : index.type === 'unique' ? 'UNIQUE' : 'INDEX';
    catalog.indexes.add(indexSignature(kind, tableOf(model), (index.algorithm ?? 'BTree').toLowerCase(), terms));
  }

  addImplicitManyToManyTables(models, catalog, tableOf);
  return catalog;
}

// An implicit many-to-many relation is a table `_<relation>` with columns A and B (A points at the model whose
// name sorts first), a primary key (A, B), an index on B and cascading foreign keys.
function addImplicitManyToManyTables(models: DmmfModel[], catalog: SchemaCatalog, tableOf: (model: DmmfModel) => string) {
  const sides = new Map<string, { model: DmmfModel; field: DmmfField }[]>();
  for (const model of models) {
    for (const field of model.fields) {
      if (field.kind !== 'object' || !field.isList || !field.relationName || field.relationFromFields?.length) continue;
      const other = models.find((candidate) => candidate.name === field.type);
      const back = other?.fields.find((candidate) => candidate.relationName === field.relationName && candidate !== field);
      if (!back?.isList) continue;
      sides.set(field.relationName, [...(sides.get(field.relationName) ?? []), { model, field }]);
    }
  }
  for (const [relation, pair] of sides) {
    const [a, b] = [...pair].sort((x, y) => x.model.name.localeCompare(y.model.name) || x.field.name.localeCompare(y.field.name));
    if (!a || !b) continue;
    const table = `_${relation}`;
    const idType = (model: DmmfModel) => {
      const id = model.fields.find((field) => field.isId);
      return id?.nativeType ? nativeTypeName(id.nativeType) : (PRISMA_TYPES[id?.type ?? 'String'] ?? 'text');
    };
    catalog.tables.set(
      table,
      new Map([
        ['A', { type: idType(a.model), nullable: false, hasDefault: false }],
        ['B', { type: idType(b.model), nullable: false, hasDefault: false }],
      ]),
    );
    catalog.indexes.add(indexSignature('PRIMARY KEY', table, 'btree', ['"A"', '"B"']));
    catalog.indexes.add(indexSignature('INDEX', table, 'btree', ['"B"']));
    for (const [column, side] of [
      ['A', a],
      ['B', b],
    ] as const) {
      const idColumn = side.model.fields.find((field) => field.isId);
      catalog.foreignKeys.add(
        foreignKeySignature(table, [column], tableOf(side.model), [idColumn?.dbName ?? idColumn?.name ?? 'id'], 'CASCADE', 'CASCADE'),
      );
    }
  }
}

const CONFDTYPE: Record<string, string> = { a: 'NO ACTION', r: 'RESTRICT', c: 'CASCADE', n: 'SET NULL', d: 'SET DEFAULT' };

/** The same catalog read from a live database (its current schema; Prisma's own bookkeeping table excluded). */
export async function actualCatalog(client: pg.Client | pg.PoolClient): Promise<SchemaCatalog> {
  const catalog: SchemaCatalog = { tables: new Map(), indexes: new Set(), foreignKeys: new Set(), enums: new Map(), extensions: new Set() };
  const columns = await client.query<{ table: string; column: string; type: string; nullable: boolean; has_default: boolean }>(`
    SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type,
           NOT a.attnotnull AS nullable, a.atthasdef AS has_default
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND c.relname <> '_prisma_migrations'
    ORDER BY c.relname, a.attnum`);
  for (const row of columns.rows) {
    const table = catalog.tables.get(row.table) ?? new Map<string, CatalogColumn>();
    table.set(row.column, { type: row.type.replaceAll('"', ''), nullable: row.nullable, hasDefault: row.has_default });
    catalog.tables.set(row.table, table);
  }

  const indexes = await client.query<{
    table: string;
    primary: boolean;
    unique: boolean;
    method: string;
    columns: string[];
    options: number[];
    opclasses: string[];
    extra: boolean;
  }>(`
    SELECT t.relname AS table, ix.indisprimary AS primary, ix.indisunique AS unique, am.amname AS method,
           array(SELECT a.attname::text FROM unnest(ix.indkey::int2[]) WITH ORDINALITY k(attnum, ord)
                 JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.ord) AS columns,
           ix.indoption::int2[] AS options,
           -- schema.prisma names every operator class of a GIN index (even a default one, btree_gin's uuid_ops),
           -- and of a btree index only those that are not the default.
           array(SELECT CASE WHEN oc.opcdefault AND am.amname = 'btree' THEN '' ELSE oc.opcname::text END
                 FROM unnest(ix.indclass::oid[]) WITH ORDINALITY k(oid, ord) JOIN pg_opclass oc ON oc.oid = k.oid ORDER BY k.ord) AS opclasses,
           (ix.indexprs IS NOT NULL OR ix.indpred IS NOT NULL) AS extra
    FROM pg_index ix
    JOIN pg_class t ON t.oid = ix.indrelid
    JOIN pg_class i ON i.oid = ix.indexrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    JOIN pg_am am ON am.oid = i.relam
    WHERE n.nspname = current_schema() AND t.relname <> '_prisma_migrations'`);
  for (const row of indexes.rows) {
    const terms = row.columns.map((column, i) => columnTerm(column, ((row.options[i] ?? 0) & 1) === 1, row.opclasses[i] ?? ''));
    const kind = row.primary ? 'PRIMARY KEY' : row.unique ? 'UNIQUE' : 'INDEX';
    // Expression and partial indexes cannot come from schema.prisma: mark them so they show up as unexpected.
    catalog.indexes.add(indexSignature(kind, row.table, row.method, terms) + (row.extra ? ' (expression or partial)' : ''));
  }

  const foreignKeys = await client.query<{
    table: string;
    columns: string[];
    ref_table: string;
    ref_columns: string[];
    on_delete: string;
    on_update: string;
  }>(`
    SELECT t.relname AS table, rt.relname AS ref_table, con.confdeltype AS on_delete, con.confupdtype AS on_update,
           array(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY k(attnum, ord)
                 JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.ord) AS columns,
           array(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY k(attnum, ord)
                 JOIN pg_attribute a ON a.attrelid = rt.oid AND a.attnum = k.attnum ORDER BY k.ord) AS ref_columns
    FROM pg_constraint con
    JOIN pg_class t ON t.oid = con.conrelid
    JOIN pg_class rt ON rt.oid = con.confrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    WHERE con.contype = 'f' AND n.nspname = current_schema()`);
  for (const row of foreignKeys.rows) {
    catalog.foreignKeys.add(
      foreignKeySignature(
        row.table,
        row.columns,
        row.ref_table,
        row.ref_columns,
        CONFDTYPE[row.on_delete] ?? row.on_delete,
        CONFDTYPE[row.on_update] ?? row.on_update,
      ),
    );
  }

  const enums = await client.query<{ name: string; labels: string[] }>(`
    SELECT t.typname AS name, array(SELECT e.enumlabel::text FROM pg_enum e WHERE e.enumtypid = t.oid ORDER BY e.enumsortorder) AS labels
    FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
    WHERE t.typtype = 'e' AND n.nspname = current_schema()`);
  for (const row of enums.rows) catalog.enums.set(row.name, row.labels);

  const extensions = await client.query<{ extname: string }>(`SELECT extname FROM pg_extension WHERE extname <> 'plpgsql'`);
  for (const row of extensions.rows) catalog.extensions.add(row.extname);
  return catalog;
}

function setDiff(label: string, expected: Set<string>, actual: Set<string>): string[] {
  return [
    ...[...expected].filter((item) => !actual.has(item)).map((item) => `missing ${label}: ${item}`),
    ...[...actual].filter((item) => !expected.has(item)).map((item) => `unexpected ${label}: ${item}`),
  ];
}

/** Every difference, one readable line each; empty when the database matches the schema. */
export function diffCatalogs(expected: SchemaCatalog, actual: SchemaCatalog): string[] {
  const problems: string[] = [];
  for (const [table, columns] of expected.tables) {
    const actualColumns = actual.tables.get(table);
    if (!actualColumns) {
      problems.push(`missing table: ${q(table)}`);
      continue;
    }
    for (const [name, column] of columns) {
      const found = actualColumns.get(name);
      const at = `${q(table)}.${q(name)}`;
      if (!found) {
        problems.push(`missing column: ${at}`);
        continue;
      }
      if (found.type !== column.type) problems.push(`${at}: type is ${found.type}, schema says ${column.type}`);
      if (found.nullable !== column.nullable) {
        problems.push(
          `${at}: ${found.nullable ? 'nullable' : 'NOT NULL'} in the database, ${column.nullable ? 'optional' : 'required'} in the schema`,
        );
      }
      if (found.hasDefault !== column.hasDefault) {
        problems.push(
          `${at}: ${found.hasDefault ? 'has a default' : 'has no default'} in the database, ${column.hasDefault ? 'one' : 'none'} in the schema`,
        );
      }
    }
    for (const name of actualColumns.keys()) if (!columns.has(name)) problems.push(`unexpected column: ${q(table)}.${q(name)}`);
  }
  for (const table of actual.tables.keys()) if (!expected.tables.has(table)) problems.push(`unexpected table: ${q(table)}`);
  problems.push(...setDiff('index', expected.indexes, actual.indexes));
  problems.push(...setDiff('foreign key', expected.foreignKeys, actual.foreignKeys));
  problems.push(...setDiff('extension', expected.extensions, actual.extensions));
  for (const [name, values] of expected.enums) {
    const found = actual.enums.get(name);
    if (!found) problems.push(`missing enum: ${q(name)}`);
    else if (found.join(',') !== values.join(','))
      problems.push(`enum ${q(name)}: values ${found.join(', ')}, schema says ${values.join(', ')}`);
  }
  for (const name of actual.enums.keys()) if (!expected.enums.has(name)) problems.push(`unexpected enum: ${q(name)}`);
  return problems;
}
