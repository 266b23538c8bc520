import { DEFAULT_ROLES } from '@crm/domain';
import type { Actor } from '../core/actor.js';
import { demoId } from '../core/demo-data.js';
import { deliverEvents } from '../core/events/domain-event-outbox.js';
import type { Db, DbTx } from '../db/prisma.js';
import { seedDemoActivities } from '../modules/activities/index.js';
import { hashPassword } from '../modules/auth/index.js';
import { seedDemoCustomers } from '../modules/customers/index.js';
import { seedDemoLeads } from '../modules/leads/index.js';
import { demoListingAreas, seedDemoListings } from '../modules/listings/index.js';
import { seedPlaces } from '../modules/lookups/index.js';
import { DEMO_DEPARTURE, seedDemoDeparture, seedDemoTeam } from '../modules/members/index.js';
import { seedDemoProjects } from '../modules/projects/index.js';
import { demoActor, demoDeps, type DemoDeps } from './demo-deps.js';
import { DEMO_ASSETS, DEMO_COMPANY_NAME, DEMO_PASSWORD, DEMO_USERS, type AssetFixture, type UserKey } from './demo-fixtures.js';

// docs/api.md 'Demo data': one company, two assets, four roles, four users (password 'Passw0rd!') and per asset
// a team, listings, off-plan projects, customers of every type, leads in every stage and SLA state, their deals and
// the agents' activities and tasks.

// Held for the whole seed transaction, so two processes starting on an empty database seed it once.
const SEED_LOCK_KEY = 4_242_100;

export interface SeedOptions {
  /** The moment the demo's relative dates are computed from (default: now). */
  now?: Date;
}

export interface DemoDataSummary {
  companyId: string;
  assets: { id: string; name: string; leads: number; customers: number }[];
  users: string[];
}

/** Wipes every table (but the migration history) and creates the demo data. */
export async function seedDemoData(db: Db, options: SeedOptions = {}): Promise<DemoDataSummary> {
  const passwordHashes = await hashDemoPasswords();
  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`;
      await wipe(tx);
      return insertDemoData(tx, options.now ?? new Date(), passwordHashes);
    },
    { timeout: 120_000, maxWait: 60_000 },
  );
}

/** Seeds only a database with no company yet (what `npm start` does); true when it seeded. */
export async function seedIfEmpty(db: Db, options: SeedOptions = {}): Promise<boolean> {
  if ((await db.company.count()) > 0) return false;
  const passwordHashes = await hashDemoPasswords();
  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`;
      if ((await tx.company.count()) > 0) return false;
      await insertDemoData(tx, options.now ?? new Date(), passwordHashes);
      return true;
    },
    { timeout: 120_000, maxWait: 60_000 },
  );
}

async function hashDemoPasswords(): Promise<Map<UserKey, string>> {
  const hashes = await Promise.all(DEMO_USERS.map(async (user) => [user.key, await hashPassword(DEMO_PASSWORD)] as const));
  return new Map(hashes);
}

async function wipe(tx: DbTx): Promise<void> {
  const tables = await tx.$queryRaw<{ tablename: string }[]>`
    SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> '_prisma_migrations'`;
  if (!tables.length) return;
  const list = tables.map((table) => `"${table.tablename.replaceAll('"', '""')}"`).join(', ');
  await tx.$executeRawUnsafe(`TRUNCATE ${list} RESTART IDENTITY CASCADE`);
}

async function insertDemoData(tx: DbTx, now: Date, passwordHashes: Map<UserKey, string>): Promise<DemoDataSummary> {
  const companyId = demoId('company');
  await tx.company.create({ data: { id: companyId, name: DEMO_COMPANY_NAME } });
  await seedPlaces(tx, companyId);
  const assetIds = new Map(DEMO_ASSETS.map((asset) => [asset.key, demoId(`asset:${asset.key}`)]));
  await tx.asset.createMany({
    data: DEMO_ASSETS.map((asset) => ({ id: assetIds.get(asset.key) ?? '', companyId, name: asset.name })),
  });

  const roleIds = new Map(DEFAULT_ROLES.map((role) => [role.code, demoId(`role:${role.code}`)]));
  await tx.role.createMany({
    data: DEFAULT_ROLES.map((role) => ({
      id: roleIds.get(role.code) ?? '',
      companyId,
      code: role.code,
      name: role.name,
      permissions: [...role.permissions],
    })),
  });

  const userIds = new Map(DEMO_USERS.map((user) => [user.key, demoId(`user:${user.key}`)]));
  await tx.user.createMany({
    data: DEMO_USERS.map((user) => ({
      id: userIds.get(user.key) ?? '',
      companyId,
      roleId: roleIds.get(user.role) ?? '',
      activeAssetId: assetIds.get(user.assets[0] ?? 'marina') ?? null,
      email: user.email,
      fullName: user.fullName,
      passwordHash: passwordHashes.get(user.key) ?? '',
      enabled: true,
    })),
  });
  await tx.userAsset.createMany({
    data: DEMO_USERS.flatMap((user) =>
      user.assets.map((asset) => ({ userId: userIds.get(user.key) ?? '', assetId: assetIds.get(asset) ?? '' })),
    ),
  });

  const manager = DEMO_USERS.find((user) => user.key === 'manager');
  if (!manager) throw new Error('demo data: no manager');
  const actor = demoActor({ ...manager, id: userIds.get('manager') ?? '' }, companyId, [...assetIds.values()]);
  const summary: DemoDataSummary = { companyId, assets: [], users: DEMO_USERS.map((user) => user.email) };
  // The assets side by side, each on its own clock (their queries share the transaction's connection).
  const assets = DEMO_ASSETS.map(async (asset, assetIndex) => {
    const assetId = assetIds.get(asset.key) ?? '';
    const counts = await insertAsset(tx, { asset, assetIndex, assetId, companyId, now, userIds, deps: demoDeps(tx, now), actor });
    return { id: assetId, name: asset.name, ...counts };
  });
  summary.assets.push(...(await Promise.all(assets)));
  // The outbox's delivery, with no subscriber, of what the services left to its sweep (the clock's escalations):
  // no seeded event reaches a subscriber of the running server.
  await deliverEvents(demoDeps(tx, now), {}, 1000);
  return summary;
}

interface AssetSeedContext {
  asset: AssetFixture;
  assetIndex: number;
  assetId: string;
  companyId: string;
  now: Date;
  userIds: Map<UserKey, string>;
  deps: DemoDeps;
  /** Who types the demo into the CRM: the manager. */
  actor: Actor;
}

/** One asset's demo, module by module: each writes its own part (docs/architecture.md 'Seed'). */
async function insertAsset(tx: DbTx, ctx: AssetSeedContext): Promise<{ leads: number; customers: number }> {
  const { asset, assetId, companyId, now } = ctx;
  const { key } = asset;
  const members = await seedDemoTeam(tx, {
    key,
    index: ctx.assetIndex,
    assetId,
    companyId,
    now,
    users: ctx.userIds,
    areasOf: (slot) => demoListingAreas(key, slot),
  });
  const listings = await seedDemoListings(tx, { key, assetId, companyId, now, members });
  const projects = await seedDemoProjects(tx, { key, assetId, companyId, members });
  const actor = { ...ctx.actor, assetId };
  const customers = await seedDemoCustomers(ctx.deps, actor, { key, index: ctx.assetIndex }, now);
  const world = {
    assetKey: key,
    assetId,
    members,
    listings,
    projects,
    customers,
    generalLocation: listings[0]?.location ?? 'Dubai Marina',
  };
  const leaver = members.get(DEMO_DEPARTURE.slot) ?? '';
  const departure = {
    at: new Date(now.getTime() - DEMO_DEPARTURE.daysBeforeNow * 86_400_000),
    run: () => seedDemoDeparture(ctx.deps, actor, leaver),
  };
  const leads = await seedDemoLeads(ctx.deps, actor, world, now, [departure]);
  await seedDemoActivities(ctx.deps, actor, assetId, now);
  return { leads, customers: customers.length };
}
