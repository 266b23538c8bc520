import { ROLE_CODES, type PermissionCode } from '@crm/domain';
import { z } from 'zod';
import type { Actor } from '../core/actor.js';
import { resolveActor } from '../modules/auth/index.js';
import type { Asset, Company } from '../generated/prisma/client.js';
import type { TestContext } from '../../test/test-app.js';
import { createAsset, createRole, createTenant, createUser, loginAs } from '../../test/factories.js';

// Shared set-up of the resource tests: a company with two assets and callers of chosen permissions.
// Test-only (imported by *.test.ts files); it lives beside the engine so the resource tests stay short.

export interface Caller {
  headers: { authorization: string };
  userId: string;
}

export interface ResourceWorld {
  company: Company;
  assetA: Asset;
  assetB: Asset;
  /** SUPER_ADMIN working in asset A (may switch to B). */
  admin: Caller;
  /** A caller of `codes` in asset A only. */
  user: (codes: readonly PermissionCode[], options?: { assets?: Asset[]; roleCode?: string }) => Promise<Caller>;
}

export async function createWorld(ctx: TestContext): Promise<ResourceWorld> {
  const { company, asset: assetA } = await createTenant(ctx);
  const assetB = await createAsset(ctx, { company });
  const superRole = await createRole(ctx, [], { company, code: ROLE_CODES.SUPER_ADMIN });
  const user = async (codes: readonly PermissionCode[], options: { assets?: Asset[]; roleCode?: string } = {}): Promise<Caller> => {
    const role = options.roleCode === ROLE_CODES.SUPER_ADMIN ? superRole : await createRole(ctx, codes, { company });
    const created = await createUser(ctx, { role, assets: options.assets ?? [assetA] });
    return { headers: await loginAs(ctx, created.email), userId: created.id };
  };
  const admin = await user([], { assets: [assetA, assetB], roleCode: ROLE_CODES.SUPER_ADMIN });
  return { company, assetA, assetB, admin, user };
}

type Query = Record<string, string | undefined>;

function url(path: string, query: Query = {}) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
  const text = params.toString();
  return `/api/${path}${text ? `?${text}` : ''}`;
}

/** REST calls as one caller. `filter` objects are JSON-encoded into `?filter=`. */
export function restAs(ctx: TestContext, caller: Caller) {
  const headers = caller.headers;
  const q = (filter?: unknown, extra: Query = {}): Query => ({
    ...(filter === undefined ? {} : { filter: typeof filter === 'string' ? filter : JSON.stringify(filter) }),
    ...extra,
  });
  return {
    get: (path: string, filter?: unknown, extra?: Query) => ctx.app.inject({ method: 'GET', url: url(path, q(filter, extra)), headers }),
    post: (path: string, body: unknown, extra?: Query) =>
      ctx.app.inject({ method: 'POST', url: url(path, extra), headers, payload: body as object }),
    patch: (path: string, body: unknown, extra?: Query) =>
      ctx.app.inject({ method: 'PATCH', url: url(path, extra), headers, payload: body as object }),
    put: (path: string, body: unknown, extra?: Query) =>
      ctx.app.inject({ method: 'PUT', url: url(path, extra), headers, payload: body as object }),
    delete: (path: string, extra?: Query) => ctx.app.inject({ method: 'DELETE', url: url(path, extra), headers }),
  };
}

/** The caller as the services see it (the tests call the engine's services directly, before any door). */
export function actorOfCaller(ctx: TestContext, caller: Caller): Promise<Actor> {
  return resolveActor(ctx.app.deps, caller.headers.authorization.replace(/^Bearer /, ''));
}

/**
 * The schema with every object strict, however deep (relations inside unions, rows inside lists): a key the
 * schema lacks fails the parse instead of being dropped, so a field the engine answers but the contract lacks shows.
 */
export function strictSchemaOf(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) {
    const shape: Record<string, z.ZodType> = {};
    for (const [key, value] of Object.entries(schema.shape as Record<string, z.ZodType>)) shape[key] = strictSchemaOf(value);
    return z.strictObject(shape);
  }
  if (schema instanceof z.ZodOptional) return strictSchemaOf(schema.unwrap() as z.ZodType).optional();
  if (schema instanceof z.ZodNullable) return strictSchemaOf(schema.unwrap() as z.ZodType).nullable();
  if (schema instanceof z.ZodArray) return z.array(strictSchemaOf(schema.element as z.ZodType));
  if (schema instanceof z.ZodUnion) {
    const [first, ...rest] = (schema.options as z.ZodType[]).map(strictSchemaOf);
    return first ? z.union([first, ...rest]) : schema;
  }
  return schema;
}
