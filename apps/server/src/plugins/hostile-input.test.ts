import net from 'node:net';
import { LIST_PAGING } from '@crm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { createWorld, type ResourceWorld, restAs } from '../resources/resource-test-kit.js';

// Input an attacker or a careless integrator sends: always the error envelope with its own status, nothing stored,
// the server alive.

let ctx: TestContext;
let world: ResourceWorld;

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createWorld(ctx);
});
afterAll(async () => ctx.close());

const envelope = expect.objectContaining({ statusCode: expect.any(Number), code: expect.any(String), message: expect.any(String) });

describe('hostile input', () => {
  it.each(['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__'])('answers 400 for a body key %s', async (key) => {
    const before = await ctx.db.department.count();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/teams/departments',
      headers: { ...world.admin.headers, 'content-type': 'application/json' },
      payload: `{"name":"X","${key}":{"polluted":true}}`,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual(envelope);
    expect(await ctx.db.department.count()).toBe(before);
  });

  it.each(['constructor', 'toString', '__proto__'])('answers 400 for a filter naming %s', async (key) => {
    const api = restAs(ctx, world.admin);
    const res = await api.get('teams/departments', JSON.parse(`{"query":{"${key}":"x"}}`));
    expect(res.statusCode, res.body).toBe(400);
    const raw = await ctx.app.inject({
      method: 'GET',
      url: `/api/teams/departments?filter=${encodeURIComponent(`{"query":{"${key}":{"$eq":"x"}}}`)}`,
      headers: world.admin.headers,
    });
    expect(raw.statusCode, raw.body).toBe(400);
  });

  it('answers 400 for dates out of range', async () => {
    const api = restAs(ctx, world.admin);
    for (const value of ['99999-01-01', '+275760-09-14T00:00:00.000Z', '-271821-04-20']) {
      const res = await api.get('teams/departments', { query: { createdAt: { $gte: value } } });
      expect(res.statusCode, `${value}: ${res.body}`).toBe(400);
    }
    const res = await api.get('teams/departments', { query: { createdAt: { $gte: 8.64e15 + 1 } } });
    expect(res.statusCode, res.body).toBe(400);
  });

  it('answers malformed JSON on /trpc in the envelope', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/trpc/departments.create',
      headers: { ...world.admin.headers, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode, res.body).toBe(400);
  });

  it('answers a DELETE with a JSON content type and no body', async () => {
    const created = await restAs(ctx, world.admin).post('teams/departments', { name: 'Gone' });
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/teams/departments/${created.json().data._id}`,
      headers: { ...world.admin.headers, 'content-type': 'application/json' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('answers a long URL and large headers in the envelope', async () => {
    const long = await ctx.app.inject({
      method: 'GET',
      url: `/api/teams/departments?x=${'a'.repeat(20_000)}`,
      headers: world.admin.headers,
    });
    expect([400, 414]).toContain(long.statusCode);
    expect(long.json()).toEqual(envelope);
  });

  it('answers headers too large on a real socket in the envelope, and bounds slow clients', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      });
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString();
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ statusCode: 431, code: 'HEADERS_TOO_LARGE' });
    expect(ctx.app.server.requestTimeout).toBe(30_000);
    expect(ctx.app.server.headersTimeout).toBe(10_000);
    expect(ctx.app.server.keepAliveTimeout).toBe(5_000);
  });
});

describe('answers that would not fit in memory', () => {
  it('refuses a tRPC batch over the limit', async () => {
    const calls = Array.from({ length: 11 }, () => 'departments.list').join(',');
    const input = encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: 11 }, (_, i) => [i, {}]))));
    const res = await ctx.app.inject({ method: 'GET', url: `/trpc/${calls}?batch=1&input=${input}`, headers: world.admin.headers });
    expect(res.statusCode).toBe(400);
  });

  it('refuses `limit: -1` when more rows match than a lookup may hold, pointing to pages or export', async () => {
    const asset = world.assetA;
    await ctx.db.department.createMany({
      data: Array.from({ length: LIST_PAGING.ALL_MAX_ROWS + 1 }, (_, i) => ({
        companyId: world.company.id,
        assetId: asset.id,
        name: `D${i}`,
      })),
    });
    const res = await restAs(ctx, world.admin).get('teams/departments', { limit: -1, select: ['name'] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', data: { 'filter.limit': [expect.stringContaining('export')] } });
    const page = await restAs(ctx, world.admin).get('teams/departments', { limit: 20, select: ['name'] });
    expect(page.json().meta.total).toBeGreaterThan(LIST_PAGING.ALL_MAX_ROWS);
  });
});
