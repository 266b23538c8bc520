import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { RESOURCES } from '../modules/register.js';
import { createWorld, restAs, type ResourceWorld } from './resource-test-kit.js';
import type { FieldDef } from './resource.types.js';

// Every registered resource's configuration against the real database built from the migrations: each field's
// column exists with the declared type and nullability, every populate and distinct field works, and every
// resource answers its generic routes and appears in the OpenAPI document.

let ctx: TestContext;
let world: ResourceWorld;

const SQL_TYPES: Record<FieldDef['type'], string[]> = {
  string: ['text'],
  enum: ['text'],
  uuid: ['uuid'],
  int: ['integer'],
  float: ['double precision'],
  decimal: ['numeric'],
  boolean: ['boolean'],
  date: ['timestamp without time zone', 'timestamp with time zone'],
  'string[]': ['ARRAY:_text'],
  'int[]': ['ARRAY:_int4'],
  json: ['jsonb'],
};

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createWorld(ctx);
});
afterAll(async () => ctx.close());

describe.each(RESOURCES.map((def) => [def.path, def] as const))('resource %s', (_path, def) => {
  it('maps every field to a column of the declared type and nullability', async () => {
    const table = def.model.charAt(0).toUpperCase() + def.model.slice(1);
    const columns = await ctx.db.$queryRaw<{ column_name: string; data_type: string; udt_name: string; is_nullable: string }[]>`
      SELECT column_name, data_type, udt_name, is_nullable FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ${table}`;
    const byName = new Map(columns.map((c) => [c.column_name, c]));
    for (const field of def.fields.values()) {
      const column = byName.get(field.column);
      expect(column, `${def.path}.${field.name} -> ${table}.${field.column}`).toBeDefined();
      const type = column?.data_type === 'ARRAY' ? `ARRAY:${column.udt_name}` : column?.data_type;
      expect(SQL_TYPES[field.type], `${def.path}.${field.name} type`).toContain(type);
      // Prisma creates scalar lists as nullable columns but never writes NULL to them (the engine reads them as never null).
      if (!field.type.endsWith('[]')) expect(column?.is_nullable === 'YES', `${def.path}.${field.name} nullability`).toBe(field.nullable);
    }
  });

  it('answers list (with every populate), count, distinct, search and export', async () => {
    const api = restAs(ctx, world.admin);
    const populate = [...def.populate.keys()];
    const list = await api.get(def.path, { populate, limit: 5 });
    expect(list.statusCode, list.body).toBe(200);
    const { data, meta } = list.json() as { data: unknown[]; meta: { total: number } };
    expect(data).toHaveLength(Math.min(5, meta.total));
    expect((await api.get(`${def.path}/count`)).json()).toEqual({ data: { count: meta.total } });
    for (const field of def.distinct) {
      const res = await api.get(`${def.path}/distinct/${field}`);
      expect(res.statusCode, `${def.path} distinct ${field}: ${res.body}`).toBe(200);
    }
    if (def.search.length) expect((await api.get(`${def.path}/search`, {}, { keyword: 'x' })).statusCode).toBe(200);
    for (const format of ['csv', 'xlsx']) {
      const res = await api.get(`${def.path}/export`, {}, { format });
      // Only the access log has rows here (the logins of the set-up).
      if (meta.total) expect(res.statusCode).toBe(200);
      else expect(res.json(), `${def.path} export`).toMatchObject({ statusCode: 404, message: 'Data is empty' });
    }
  });

  it('is documented in the OpenAPI document under its tag', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const base = doc.paths[`/api/${def.path}`];
    expect(base?.get?.tags).toEqual([def.tag]);
    expect(doc.paths[`/api/${def.path}/export`]).toBeDefined();
    expect(Boolean(base?.post)).toBe(Boolean(def.permissions.create));
    expect(Boolean(doc.paths[`/api/${def.path}/{id}/restore`])).toBe(Boolean(def.permissions.delete && def.softDelete));
  });
});
