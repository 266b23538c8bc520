import { seedPlaces } from '../modules/lookups/index.js';
import { DEFAULT_ROLES, toPhoneNumber } from '@crm/domain';
import type { Db, DbTx } from '../db/prisma.js';
import { hashPassword } from '../modules/auth/index.js';
import {
  DEMO_ASSETS,
  DEMO_COMPANY_NAME,
  DEMO_PASSWORD,
  DEMO_USERS,
  DEPARTMENTS,
  GROUPS,
  UAE_PHONE_CODE,
  demoId,
  demoPhone,
  emailOf,
  slugify,
  type AssetFixture,
  type MemberSlot,
  type UserKey,
} from './demo-fixtures.js';
import { buildDemoLeads } from './demo-leads.js';
import { demoListingDetails } from '../modules/listings/index.js';

// docs/api.md 'Demo data': one company, two assets, four roles, four users (password 'Passw0rd!') and per asset
// a team, listings, off-plan projects, customers of every type and leads in every stage and SLA state.

// Held for the whole seed transaction, so two processes starting on an empty database seed it once.
const SEED_LOCK_KEY = 4_242_100;

/** The demo projects' payment plan. */
const DEMO_PAYMENT_PLAN = {
  name: '20/80',
  milestones: [
    { percentage: 20, dueAt: 'On booking' },
    { percentage: 80, dueAt: 'On handover' },
  ],
};

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
  const creator = { id: userIds.get('manager') ?? '', name: manager?.fullName ?? 'System' };
  const summary: DemoDataSummary = { companyId, assets: [], users: DEMO_USERS.map((user) => user.email) };
  for (const [assetIndex, asset] of DEMO_ASSETS.entries()) {
    const assetId = assetIds.get(asset.key) ?? '';
    const counts = await insertAsset(tx, { asset, assetIndex, assetId, companyId, now, userIds, creator });
    summary.assets.push({ id: assetId, name: asset.name, ...counts });
  }
  return summary;
}

interface AssetSeedContext {
  asset: AssetFixture;
  assetIndex: number;
  assetId: string;
  companyId: string;
  now: Date;
  userIds: Map<UserKey, string>;
  creator: { id: string; name: string };
}

async function insertAsset(tx: DbTx, ctx: AssetSeedContext): Promise<{ leads: number; customers: number }> {
  const { asset, assetId, companyId, now } = ctx;
  const key = (suffix: string) => demoId(`${asset.key}:${suffix}`);
  const scoped = { companyId, assetId };
  const domain = `${asset.key}.example.com`;

  const officeIds = asset.offices.map((_, i) => key(`office:${i}`));
  await tx.office.createMany({ data: asset.offices.map((name, i) => ({ ...scoped, id: officeIds[i], name })) });
  const departmentIds = DEPARTMENTS.map((_, i) => key(`department:${i}`));
  await tx.department.createMany({ data: DEPARTMENTS.map((name, i) => ({ ...scoped, id: departmentIds[i], name })) });

  // Members: the manager reports to nobody; every other member reports to the manager.
  const memberIds = new Map(asset.members.map((member) => [member.slot, key(`member:${member.slot}`)]));
  const managerId = memberIds.get('manager') ?? '';
  const memberRows = asset.members.map((member, i) => {
    const phone = demoPhone(ctx.assetIndex, 100 + i);
    const userEmail = member.user ? `${member.user}@example.com` : null;
    return {
      ...scoped,
      id: memberIds.get(member.slot) ?? '',
      userId: member.user ? (ctx.userIds.get(member.user) ?? null) : null,
      name: member.name,
      officeId: officeIds[member.office] ?? null,
      officeName: asset.offices[member.office] ?? null,
      designation: member.designation,
      email: userEmail ?? emailOf(member.name, domain),
      phoneCode: UAE_PHONE_CODE,
      phone,
      phoneNumber: toPhoneNumber(UAE_PHONE_CODE, phone),
      whatsappNumber: toPhoneNumber(UAE_PHONE_CODE, phone),
      inputSource: 'CRM',
      enabled: member.slot !== 'disabled',
      isLeadProcessEnabled: member.slot !== 'disabled' && member.slot !== 'manager',
      isTest: member.slot === 'test',
      leadWeight: member.leadWeight ?? 1,
      type: member.slot === 'manager' ? 'Manager' : 'Agent',
      departmentId: departmentIds[member.department] ?? null,
      reportedToId: member.slot === 'manager' ? null : managerId,
      areas: [...new Set(asset.listings.filter((listing) => listing.agent === member.slot).map((listing) => listing.location))],
      showContactInfo: member.slot !== 'test',
      dataSourceCreatedAt: new Date(now.getTime() - (400 + i) * 86_400_000),
    };
  });
  await tx.teamMember.createMany({ data: memberRows.filter((row) => row.reportedToId === null) });
  await tx.teamMember.createMany({ data: memberRows.filter((row) => row.reportedToId !== null) });
  for (const [i, name] of GROUPS.entries()) {
    const members = asset.members.filter((member) => member.groups.includes(i)).map((member) => ({ id: memberIds.get(member.slot) ?? '' }));
    await tx.group.create({ data: { ...scoped, id: key(`group:${i}`), name, members: { connect: members } } });
  }
  const memberBySlot = (slot: MemberSlot) => memberIds.get(slot) ?? '';

  const listings = asset.listings.map((listing, i) => ({ ...listing, id: key(`listing:${i}`) }));
  await tx.listing.createMany({
    data: listings.map((listing, i) => ({
      ...scoped,
      id: listing.id,
      reference: `${asset.refPrefix}-${listing.leadType === 'Sale' ? 'S' : 'R'}-${1001 + i}`,
      title: listing.title,
      leadType: listing.leadType,
      unitType: listing.unitType,
      country: 'United Arab Emirates',
      city: 'Dubai',
      location: listing.location,
      subLocation: listing.subLocation,
      community: listing.community,
      bedrooms: listing.bedrooms,
      bathrooms: listing.bathrooms,
      price: listing.price,
      amenities: listing.amenities,
      agentId: memberBySlot(listing.agent),
      sourceDataId: `${asset.refPrefix}-PF-${5001 + i}`,
      ...demoListingDetails(i, listing, now),
    })),
  });

  const developerIds = asset.developers.map((_, i) => key(`developer:${i}`));
  await tx.developer.createMany({
    data: asset.developers.map((name, i) => ({ ...scoped, id: developerIds[i], name, slug: slugify(name) })),
  });
  const projects = asset.projects.map((project, i) => ({
    ...project,
    id: key(`project:${i}`),
    developerName: asset.developers[project.developer] ?? '',
  }));
  for (const project of projects) {
    await tx.project.create({
      data: {
        ...scoped,
        id: project.id,
        name: project.name,
        slug: slugify(project.name),
        developerId: developerIds[project.developer] ?? null,
        campaignName: `${project.name} Launch`,
        country: 'United Arab Emirates',
        city: 'Dubai',
        location: project.location,
        bedrooms: project.bedrooms,
        amenities: project.amenities,
        unitTypes: project.unitTypes,
        minPrice: project.minPrice,
        maxPrice: project.maxPrice,
        startDate: new Date(Date.UTC(project.completionYear - 3, 0, 15)),
        completionDate: new Date(Date.UTC(project.completionYear, 11, 31)),
        // The off-plan record's parts (docs/product.md 'New Projects'), the same for every demo project.
        community: project.location,
        status: 'Under Construction',
        paymentPlans: [DEMO_PAYMENT_PLAN],
        faqHeading: 'Frequently asked questions',
        faqs: [
          {
            _id: key(`${project.id}:faq`),
            question: 'Is there a payment plan?',
            answer: '20% on booking, 80% on handover.',
            questionAr: null,
            answerAr: null,
            order: 0,
          },
        ],
        agents: { connect: project.agents.map((slot) => ({ id: memberBySlot(slot) })) },
      },
    });
  }

  const customers = asset.customers.map((customer, i) => ({ ...customer, id: key(`customer:${i}`) }));
  await tx.customer.createMany({
    data: customers.map((customer, i) => {
      const phone = demoPhone(ctx.assetIndex, i);
      return {
        ...scoped,
        id: customer.id,
        customerID: `C-${String(i + 1).padStart(6, '0')}`,
        firstName: customer.firstName,
        lastName: customer.lastName,
        fullName: `${customer.firstName} ${customer.lastName}`,
        phoneCode: UAE_PHONE_CODE,
        phone,
        phoneNumber: toPhoneNumber(UAE_PHONE_CODE, phone),
        email: emailOf(`${customer.firstName} ${customer.lastName}`, 'mail.example.com'),
        type: customer.type,
        doNotDisturb: customer.type === 'Spam',
        inputSource: i % 3 === 0 ? 'CRM' : 'Website',
        createdAt: new Date(now.getTime() - (420 - i) * 86_400_000),
      };
    }),
  });

  const leadRows = buildDemoLeads({
    assetKey: asset.key,
    assetId,
    companyId,
    now,
    initialSlaMinutes: 30,
    freePoolSlaMinutes: 120,
    members: new Map(
      memberRows.map((row, i) => [
        asset.members[i]?.slot ?? 'a',
        { id: row.id, name: row.name, officeName: row.officeName ?? '', userId: row.userId },
      ]),
    ),
    listings,
    projects,
    customers: customers.map((customer) => ({ id: customer.id, type: customer.type })),
    creator: ctx.creator,
    generalLocation: asset.listings[0]?.location ?? 'Dubai Marina',
  });
  // Parents first: a child's parentId must already exist (leads are built oldest first, parents are older).
  await tx.lead.createMany({ data: leadRows.leads.filter((lead) => !lead.parentId) });
  await tx.lead.createMany({ data: leadRows.leads.filter((lead) => lead.parentId) });
  await tx.leadAssignment.createMany({ data: leadRows.assignments });
  await tx.leadStageChange.createMany({ data: leadRows.stageChanges });
  await tx.leadReview.createMany({ data: leadRows.reviews });
  // Each review's rating (1-5) becomes a rating of its agent by the database (the LeadReview trigger).
  for (const [memberId, minutes] of leadRows.responseTimes) {
    const average = Math.round((minutes.reduce((sum, value) => sum + value, 0) / minutes.length) * 100) / 100;
    await tx.teamMember.update({ where: { id: memberId }, data: { averageResponseTime: average } });
  }
  await tx.asset.update({ where: { id: assetId }, data: { leadSequence: leadRows.leads.length, customerSequence: customers.length } });
  return { leads: leadRows.leads.length, customers: customers.length };
}
