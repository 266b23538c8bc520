import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createTestApp, type TestContext } from '../../test/test-app.js';

interface OpenApiDoc {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        tags?: string[];
        security?: unknown[];
        requestBody?: {
          content: Record<
            string,
            { schema: { properties?: Record<string, unknown>; required?: string[]; additionalProperties?: unknown } }
          >;
        };
      }
    >
  >;
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
  security: unknown[];
  tags: Array<{ name: string }>;
}

describe('OpenAPI document and docs', () => {
  let ctx: TestContext;
  let doc: OpenApiDoc;
  beforeAll(async () => {
    ctx = await createTestApp({
      setup: (app) => {
        // A module route as modules write them: its zod schema is the document.
        app.withTypeProvider<ZodTypeProvider>().post(
          '/api/test/widgets',
          {
            schema: {
              tags: ['widgets'],
              summary: 'Create a widget',
              body: z.object({ name: z.string().min(1), size: z.number().int().optional() }).strict(),
            },
          },
          async (req) => ({ data: req.body }),
        );
      },
    });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(async () => ctx.close());

  it('is OpenAPI 3.1, public, and lists /api/health and /api/ready', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/health']?.get).toBeDefined();
    expect(doc.paths['/api/ready']?.get).toBeDefined();
    expect(doc.paths['/api/health']?.get?.tags).toEqual(['health']);
  });

  it('declares bearer auth globally and none on public routes', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/health']?.get?.security).toEqual([]);
    expect(doc.paths['/api/test/widgets']?.post?.security).toBeUndefined();
  });

  it('documents request bodies from the route zod schemas', () => {
    const schema = doc.paths['/api/test/widgets']?.post?.requestBody?.content['application/json']?.schema;
    expect(schema?.properties).toHaveProperty('name');
    expect(schema?.properties).toHaveProperty('size');
    expect(schema?.required).toEqual(['name']);
    expect(schema?.additionalProperties).toBe(false);
  });

  it('leaves out tRPC, the docs and the document itself', () => {
    const paths = Object.keys(doc.paths);
    expect(paths.some((p) => p.startsWith('/trpc'))).toBe(false);
    expect(paths.some((p) => p.startsWith('/api/docs'))).toBe(false);
    expect(paths).not.toContain('/api/openapi.json');
  });

  it('renders /api/docs without a token, from local assets only', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).not.toMatch(/https?:\/\/(cdn|unpkg|cdnjs|jsdelivr)/);
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const url = new URL(src, 'http://localhost/api/docs').pathname;
      const asset = await ctx.app.inject({ method: 'GET', url });
      expect(asset.statusCode, url).toBe(200);
    }
    const json = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(json.json().openapi).toBe('3.1.0');
  });
});

describe('OpenAPI with a plain JSON-schema route', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      setup: (app) => {
        // Not zod: validated by a per-route ajv-free compiler and documented as written.
        app.get(
          '/api/test/plain',
          {
            schema: { tags: ['test'], querystring: { type: 'object', properties: { q: { type: 'string' } } } },
            validatorCompiler: () => (data) => ({ value: data }),
          },
          async () => ({ ok: true }),
        );
      },
    });
  });
  afterAll(async () => ctx.close());

  it('still produces the document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<OpenApiDoc>();
    expect(doc.paths['/api/test/plain']?.get).toBeDefined();
    expect(doc.paths['/api/health']?.get).toBeDefined();
  });
});

interface Operation {
  operationId?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { in: string }[];
  requestBody?: unknown;
  responses: Record<string, { $ref?: string; content?: Record<string, { schema?: unknown }> }>;
}
interface FullDoc {
  paths: Record<string, Record<string, Operation>>;
  tags: { name: string; description?: string }[];
  components: { schemas: Record<string, unknown>; responses: Record<string, unknown> };
}

describe('the whole OpenAPI document', () => {
  let ctx: TestContext;
  let doc: FullDoc;
  let operations: { key: string; method: string; op: Operation }[];
  beforeAll(async () => {
    ctx = await createTestApp();
    doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, method, op })),
    );
  });
  afterAll(async () => ctx.close());

  const byId = (id: string) => {
    const found = operations.find(({ op }) => op.operationId === id);
    if (!found) throw new Error(`no operation ${id}`);
    return found.op;
  };

  it('names every operation with a unique <domain>.<verb> operationId', () => {
    expect(operations.length).toBeGreaterThan(100);
    const ids = operations.map(({ key, op }) => op.operationId ?? `missing: ${key}`);
    expect(ids.filter((id) => !/^[a-z][a-zA-Z]*\.[a-z][a-zA-Z]*$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('describes every tag an operation uses', () => {
    const described = new Map(doc.tags.map((tag) => [tag.name, tag.description]));
    const used = new Set(operations.flatMap(({ op }) => op.tags ?? []));
    for (const tag of used) expect(described.get(tag), tag).toBeTruthy();
  });

  it('gives every operation a success answer with its schema, at the status its handler sends', () => {
    for (const { key, op } of operations) {
      const success = Object.entries(op.responses).filter(([status]) => status.startsWith('2'));
      expect(success.length, key).toBeGreaterThan(0);
      for (const [status, response] of success) {
        const schemas = Object.values(response.content ?? {}).map((media) => media.schema);
        expect(schemas.length, `${key} ${status}`).toBeGreaterThan(0);
        for (const schema of schemas) expect(schema, `${key} ${status}`).toBeTruthy();
      }
    }
    const statuses = (id: string) => Object.keys(byId(id).responses).filter((status) => status.startsWith('2'));
    expect(statuses('auth.register')).toEqual(['202']);
    expect(statuses('leads.upsert')).toEqual(['200', '201']);
    expect(statuses('leads.create')).toEqual(['201']);
    expect(statuses('storage.upload')).toEqual(['201']);
    expect(statuses('customers.create')).toEqual(['201']);
    expect(statuses('customers.upsert')).toEqual(['200', '201']);
    expect(statuses('leads.exportJobCreate')).toEqual(['202']);
    expect(Object.keys(byId('leads.export').responses['200']?.content ?? {})).toEqual([
      'text/csv',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
  });

  it('documents the error answers of every operation with the shared envelope', () => {
    const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });
    for (const { key, method, op } of operations) {
      const isPublic = Array.isArray(op.security) && op.security.length === 0;
      const takesInput = Boolean(op.requestBody) || (op.parameters ?? []).length > 0;
      const r = op.responses;
      expect(r['500'], key).toEqual(ref('InternalServerError'));
      expect(r['503'], key).toBeDefined();
      if (takesInput) expect(r['400'], key).toEqual(ref('ValidationError'));
      if (op.requestBody) expect([r['413'], r['415']], key).toEqual([ref('PayloadTooLarge'), ref('UnsupportedMediaType')]);
      if ((op.parameters ?? []).some((p) => p.in === 'path')) expect(r['404'], key).toEqual(ref('NotFound'));
      if (isPublic) expect(r['403'], key).toBeUndefined();
      else {
        expect([r['401'], r['403']], key).toEqual([ref('Unauthorized'), ref('Forbidden')]);
        if (method !== 'get') expect(r['409'], key).toEqual(ref('Conflict'));
      }
    }
    // What only the handler knows, declared by the route.
    expect(byId('auth.login').responses['401']).toEqual(ref('Unauthorized'));
    expect(byId('auth.login').responses['429']).toEqual(ref('TooManyRequests'));
    // Register answers the same whether or not the email has an account: never a 409.
    expect(byId('auth.register').responses['409']).toBeUndefined();
    expect(byId('health.live').responses['401']).toBeUndefined();
    expect(byId('customers.one').responses['404']).toEqual(ref('NotFound'));
    expect(byId('customers.list').responses['429']).toBeUndefined();
    for (const name of Object.values(byId('customers.update').responses).flatMap((r) => (r.$ref ? [r.$ref.split('/').pop()] : []))) {
      expect(doc.components.responses, String(name)).toHaveProperty(String(name));
    }
    expect(doc.components.schemas).toHaveProperty('ErrorEnvelope');
    expect(doc.components.schemas).toHaveProperty('ValidationErrorEnvelope');
    expect(JSON.stringify(doc)).not.toContain('x-error-answers');
  });
});
