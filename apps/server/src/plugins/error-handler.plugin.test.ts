import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createTestApp, type TestContext } from '../../test/test-app.js';

// Hostile or broken bodies never reach a handler, and every refusal is the error envelope.
const EchoBody = z.object({ name: z.string(), nested: z.object({ value: z.number() }).strict().optional() }).strict();

describe('request bodies', () => {
  let ctx: TestContext;
  const seen: unknown[] = [];
  beforeAll(async () => {
    ctx = await createTestApp({
      setup: (app) => {
        app
          .withTypeProvider<ZodTypeProvider>()
          .post('/api/test/echo', { config: { public: true }, schema: { body: EchoBody } }, async (req) => {
            seen.push(req.body);
            return { data: req.body };
          });
        app.get('/api/test/boom', { config: { public: true } }, async () => {
          throw new Error('relation "secret_table" does not exist at /srv/app.js:1');
        });
      },
    });
  });
  afterAll(async () => ctx.close());

  const post = (payload: string, contentType = 'application/json') =>
    ctx.app.inject({ method: 'POST', url: '/api/test/echo', payload, headers: { 'content-type': contentType } });

  it('accepts a well-formed body', async () => {
    const res = await post(JSON.stringify({ name: 'ok' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { name: 'ok' } });
  });

  it('refuses __proto__ with 400 VALIDATION_ERROR', async () => {
    const before = seen.length;
    const res = await post('{"name":"x","__proto__":{"isAdmin":true}}');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    expect(seen.length).toBe(before);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('refuses a nested __proto__ and constructor.prototype', async () => {
    for (const payload of [
      '{"name":"x","nested":{"__proto__":{"value":1}}}',
      '{"name":"x","constructor":{"prototype":{"isAdmin":true}}}',
    ]) {
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    }
  });

  it('refuses malformed and empty JSON with the 400 envelope', async () => {
    for (const payload of ['{"name":', 'not json', '']) {
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
      expect(JSON.stringify(body)).not.toMatch(/at .*\.js|SyntaxError/);
    }
  });

  it('refuses unknown fields rather than dropping them', async () => {
    const res = await post(JSON.stringify({ name: 'x', role: 'admin' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', data: { role: ["Unknown field 'role'."] } });
  });

  it('answers 415 for a body that is not JSON', async () => {
    for (const contentType of ['text/plain', 'application/xml', 'application/x-www-form-urlencoded']) {
      const res = await post('name=x', contentType);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
  });

  it('answers 413 for a body over the limit', async () => {
    const res = await post(JSON.stringify({ name: 'x'.repeat(1_100_000) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('maps each field of a validation error to its messages', async () => {
    const res = await post(JSON.stringify({ name: 3, nested: { value: 'x' } }));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(body.data).sort()).toEqual(['name', 'nested.value']);
  });

  it('hides the details of an unexpected error', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ statusCode: 500, code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error' });
  });
});
