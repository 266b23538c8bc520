import { randomUUID } from 'node:crypto';
import { ROLE_CODES, type PermissionCode } from '@crm/domain';
import type { Db } from '../src/db/prisma.js';
import type { App } from '../src/app.js';
import type { Asset, Company, Role, User } from '../src/generated/prisma/client.js';
import { hashPassword, login } from '../src/modules/auth/index.js';

// Data factories for integration tests: each test builds the company, assets, roles and users it needs in
// its own fresh database. Every factory takes the test context (anything with `db`) first.

export const DEFAULT_PASSWORD = 'Passw0rd!';

interface HasDb {
  db: Db;
}

/** A unique suffix, so factories called twice in one database never collide on unique columns. */
export function uniqueSuffix(): string {
  return randomUUID().slice(0, 8);
}

export function createCompany(ctx: HasDb, overrides: { name?: string } = {}): Promise<Company> {
  return ctx.db.company.create({ data: { name: overrides.name ?? `Company ${uniqueSuffix()}` } });
}

export function createAsset(
  ctx: HasDb,
  options: { company: Pick<Company, 'id'>; name?: string; timezone?: string; currencyCode?: string },
): Promise<Asset> {
  return ctx.db.asset.create({
    data: {
      companyId: options.company.id,
      name: options.name ?? `Asset ${uniqueSuffix()}`,
      ...(options.timezone ? { timezone: options.timezone } : {}),
      ...(options.currencyCode ? { currencyCode: options.currencyCode } : {}),
    },
  });
}

/**
 * A role holding `codes`. Without `company` a new company is created for it. `code` defaults to a unique
 * custom code; pass ROLE_CODES.SUPER_ADMIN (etc.) for the built-in behaviours.
 */
export async function createRole(
  ctx: HasDb,
  codes: readonly PermissionCode[] = [],
  options: { company?: Pick<Company, 'id'>; code?: string; name?: string } = {},
): Promise<Role> {
  const company = options.company ?? (await createCompany(ctx));
  const code = options.code ?? `ROLE_${uniqueSuffix().toUpperCase()}`;
  return ctx.db.role.create({ data: { companyId: company.id, code, name: options.name ?? code, permissions: [...codes] } });
}

// argon2 is deliberately slow; tests reuse one hash per distinct password.
const hashes = new Map<string, Promise<string>>();
function cachedHash(password: string): Promise<string> {
  let hashed = hashes.get(password);
  if (!hashed) {
    hashed = hashPassword(password);
    hashes.set(password, hashed);
  }
  return hashed;
}

export interface CreateUserOptions {
  role: Pick<Role, 'id' | 'companyId'>;
  /** Assets the user belongs to (UserAsset rows); the first becomes the active asset unless `activeAsset` says otherwise. */
  assets?: Pick<Asset, 'id'>[];
  /** `null` leaves the user with no active asset. */
  activeAsset?: Pick<Asset, 'id'> | null;
  password?: string;
  email?: string;
  fullName?: string;
  enabled?: boolean;
  isRootUser?: boolean;
}

/** A user of the role's company. The plain password is returned beside the row for `loginAs`. */
export async function createUser(ctx: HasDb, options: CreateUserOptions): Promise<User & { password: string }> {
  const password = options.password ?? DEFAULT_PASSWORD;
  const assets = options.assets ?? [];
  const active = options.activeAsset === undefined ? (assets[0] ?? null) : options.activeAsset;
  const user = await ctx.db.user.create({
    data: {
      companyId: options.role.companyId,
      roleId: options.role.id,
      email: (options.email ?? `user-${uniqueSuffix()}@example.com`).toLowerCase(),
      fullName: options.fullName ?? 'Test User',
      passwordHash: await cachedHash(password),
      enabled: options.enabled ?? true,
      isRootUser: options.isRootUser ?? false,
      activeAssetId: active?.id ?? null,
      assets: { create: assets.map((asset) => ({ assetId: asset.id })) },
    },
  });
  return { ...user, password };
}

/**
 * Logs in through the login service (real password check, session row, access log) and returns the headers an
 * authenticated request carries. It skips the door's rate limit on purpose: tests log in far more often than
 * the per-email budget allows. Tests of the login door itself call POST /api/auth/login.
 */
export async function loginAs(ctx: { app: App }, email: string, password: string = DEFAULT_PASSWORD): Promise<{ authorization: string }> {
  const session = await login(
    ctx.app.deps,
    { email: email.toLowerCase(), password },
    { ip: '127.0.0.1', userAgent: 'vitest', log: ctx.app.log },
  );
  return { authorization: `Bearer ${session.access_token}` };
}

export interface Tenant {
  company: Company;
  asset: Asset;
}

/** A company with one asset: the smallest world most tests start from. */
export async function createTenant(ctx: HasDb, options: { companyName?: string; assetName?: string } = {}): Promise<Tenant> {
  const company = await createCompany(ctx, options.companyName ? { name: options.companyName } : {});
  const asset = await createAsset(ctx, { company, ...(options.assetName ? { name: options.assetName } : {}) });
  return { company, asset };
}

/** A SUPER_ADMIN role of the company (passes every permission check). */
export function createSuperAdminRole(ctx: HasDb, company: Pick<Company, 'id'>): Promise<Role> {
  return createRole(ctx, [], { company, code: ROLE_CODES.SUPER_ADMIN, name: 'Super Admin' });
}
