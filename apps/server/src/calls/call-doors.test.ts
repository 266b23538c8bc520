import { type AnyCall, permissionsOf } from '@crm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { createRole, createTenant, createUser, loginAs } from '../../test/factories.js';
import { CALL_GROUPS } from '../modules/register.js';
import { appRouter } from '../trpc/app-router.js';

// Every declared call (packages/domain `*.calls.ts`) against what the server serves: who may call it, its output,
// its OpenAPI operation, its tRPC procedure under the declared name and router key, and its admission on both doors.

interface Operation {
  operationId?: string;
  tags?: string[];
  security?: unknown[];
  responses?: Record<string, unknown>;
}

let ctx: TestContext;
let paths: Record<string, Record<string, Operation>>;
let powerless: { authorization: string };

const calls = CALL_GROUPS.flatMap((served) =>
  Object.entries(served.group.calls).map(([name, call]) => ({
    router: served.group.router,
    name,
    // The title's name: vitest reads `$router.$name` as a path into `router`.
    label: `${served.group.router}.${name}`,
    call: call as AnyCall,
    served,
  })),
);
const restPath = (call: AnyCall) => call.rest.path.replace(/:(\w+)/g, '{$1}');
/** The path with each param filled, so the request reaches the route (admission runs before validation). */
const filled = (call: AnyCall) => call.rest.path.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
const record = appRouter._def.record as Record<string, Record<string, unknown> | undefined>;

beforeAll(async () => {
  ctx = await createTestApp();
  paths = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths;
  const { company, asset } = await createTenant(ctx);
  const role = await createRole(ctx, [], { company });
  powerless = await loginAs(ctx, (await createUser(ctx, { role, assets: [asset] })).email);
});
afterAll(async () => ctx.close());

describe('declared calls', () => {
  it('are declared at all (a registry that lost its groups would pass every check below)', () => {
    expect(calls.length).toBeGreaterThan(0);
  });

  it.each(calls)('$label says who may call it and what it answers', ({ call }) => {
    const access = call.access;
    expect(access === 'public' || access === 'signed-in' || (permissionsOf(access)?.codes.length ?? 0) > 0).toBe(true);
    expect(call.output).toBeInstanceOf(z.ZodType);
    expect(call.operationId).toMatch(/^\w+\.\w+$/);
    expect(call.summary.length).toBeGreaterThan(0);
  });

  it.each(calls)('$label is its OpenAPI operation: same path, method, operationId and tag', ({ call }) => {
    const operation = paths[restPath(call)]?.[call.rest.method.toLowerCase()];
    expect(operation, `${call.rest.method} ${call.rest.path}`).toBeDefined();
    expect(operation?.operationId).toBe(call.operationId);
    expect(operation?.tags).toEqual([call.tag]);
    const statuses = call.rest.outcome?.statuses ?? [call.rest.status ?? 200];
    for (const status of statuses) expect(Object.keys(operation?.responses ?? {})).toContain(String(status));
    if (call.access === 'public') expect(operation?.security).toEqual([]);
  });

  const extraDoors = calls.flatMap((entry) => (entry.call.restAlso ?? []).map((door) => ({ ...entry, door })));
  it.each(extraDoors)('$label also answers $door.operationId, its own OpenAPI operation', ({ call, door }) => {
    const operation = paths[door.path.replace(/:(\w+)/g, '{$1}')]?.[door.method.toLowerCase()];
    expect(operation, `${door.method} ${door.path}`).toBeDefined();
    expect(operation?.operationId).toBe(door.operationId);
    expect(operation?.tags).toEqual([call.tag]);
  });

  const guardedDoors = extraDoors.filter(({ call }) => call.access !== 'public');
  it.each(guardedDoors)(
    '$label admits $door.operationId as its own door: 401 without a token, 403 without a permission it needs',
    async ({ call, door }) => {
      const url = door.path.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
      expect((await ctx.app.inject({ method: door.method, url, payload: {} })).statusCode).toBe(401);
      if (permissionsOf(call.access))
        expect((await ctx.app.inject({ method: door.method, url, headers: powerless, payload: {} })).statusCode).toBe(403);
    },
  );

  it.each(calls)('$label is the tRPC procedure under its declared router key and name', ({ router, name, call, served }) => {
    const procedure = record[router]?.[name];
    // The very procedure the group built: mounted under another key, or a hand-written one in its place, fails.
    expect(procedure, `trpc.${router}.${name}`).toBe(served.procedures[name]);
    expect((procedure as { _def: { type: string } })._def.type).toBe(call.kind);
  });

  it('leaves no declared group out of the app router, nor a router key without its group', () => {
    for (const served of CALL_GROUPS) {
      expect(Object.keys(record), served.group.router).toContain(served.group.router);
      const mounted = record[served.group.router] ?? {};
      for (const name of Object.keys(served.group.calls)) expect(mounted[name], `${served.group.router}.${name}`).toBeDefined();
    }
  });

  const guarded = calls.filter(({ call }) => permissionsOf(call.access) !== null);
  it.each(guarded)('$label refuses a caller without its permission, REST and tRPC alike (403)', async ({ router, name, call }) => {
    const rest = await ctx.app.inject({ method: call.rest.method, url: filled(call), headers: powerless, payload: {} });
    expect(rest.statusCode, rest.body).toBe(403);
    const url = `/trpc/${router}.${name}`;
    const trpc =
      call.kind === 'query'
        ? await ctx.app.inject({ method: 'GET', url, headers: powerless })
        : await ctx.app.inject({ method: 'POST', url, headers: powerless, payload: {} });
    expect(trpc.statusCode, trpc.body).toBe(403);
  });

  const signedIn = calls.filter(({ call }) => call.access !== 'public');
  it.each(signedIn)('$label refuses a caller without a token, REST and tRPC alike (401)', async ({ router, name, call }) => {
    const rest = await ctx.app.inject({ method: call.rest.method, url: filled(call), payload: {} });
    expect(rest.statusCode, rest.body).toBe(401);
    const url = `/trpc/${router}.${name}`;
    const trpc =
      call.kind === 'query' ? await ctx.app.inject({ method: 'GET', url }) : await ctx.app.inject({ method: 'POST', url, payload: {} });
    expect(trpc.statusCode, trpc.body).toBe(401);
  });
});
