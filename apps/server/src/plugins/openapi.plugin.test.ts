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
