import {
  ADMIN_MESSAGES,
  DEFAULT_ROLES,
  PERMISSIONS,
  ROLE_CODES,
  LEAD_STAGES,
  SLA_STAGES,
  deriveSlaStage,
  isValidPhone,
  reviewFeedback,
} from '@crm/domain';
import { passwordPolicyProblem } from '@crm/domain/password-policy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { createDb, type Db } from '../db/prisma.js';
import { verifyPassword } from '../modules/auth/index.js';
import { seedDemoData, seedIfEmpty } from './demo-data.js';
import { DEMO_ASSETS, DEMO_PASSWORD, DEMO_USERS } from './demo-fixtures.js';

// The demo data (docs/api.md 'Demo data'), seeded into a fresh database and read back.
const NOW = new Date('2026-03-15T10:00:00.000Z');
const ASSETS = ['Dubai Marina Office', 'Downtown Office'];
const DEMO_ASSETS_BY_KEY = DEMO_ASSETS.map((asset) => [asset.key, asset.name] as const);

describe('seedDemoData', () => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = createDb(database.url, { max: 3 });
    await seedDemoData(db, { now: NOW });
  });
  afterAll(async () => {
    await db?.$disconnect();
    await database?.drop();
  });

  it('creates one company, the two assets and the four roles', async () => {
    expect(await db.company.count()).toBe(1);
    expect((await db.asset.findMany({ orderBy: { name: 'desc' } })).map((asset) => asset.name)).toEqual(ASSETS);
    const roles = await db.role.findMany();
    expect(roles.map((role) => role.code).sort()).toEqual(['ADMIN', 'AGENT', 'MANAGER', 'SUPER_ADMIN']);
    for (const role of DEFAULT_ROLES) expect(roles.find((row) => row.code === role.code)?.permissions).toEqual(role.permissions);
    const manager = roles.find((role) => role.code === ROLE_CODES.MANAGER)?.permissions ?? [];
    expect(manager).toEqual(
      expect.arrayContaining([
        PERMISSIONS.LEAD_UPDATE_SLA,
        PERMISSIONS.VIEW_SENSITIVE_INFORMATION,
        PERMISSIONS.LEADS_REPORT_VIEW,
        PERMISSIONS.CUSTOMERS_VIEW,
        PERMISSIONS.MEMBERS_VIEW,
        PERMISSIONS.DEALS_VIEW,
      ]),
    );
    expect(roles.find((role) => role.code === ROLE_CODES.AGENT)?.permissions.sort()).toEqual(
      [
        PERMISSIONS.LEADS_REPORT_VIEW,
        PERMISSIONS.LEAD_ADD,
        PERMISSIONS.LEAD_UPDATE,
        PERMISSIONS.CUSTOMERS_VIEW,
        PERMISSIONS.CUSTOMER_ADD,
        PERMISSIONS.DEALS_VIEW,
      ].sort(),
    );
  });

  it('creates the four logins with argon2id hashes of Passw0rd!, their roles and their assets', async () => {
    const users = await db.user.findMany({ include: { role: true, assets: { include: { asset: true } }, activeAsset: true } });
    const view = Object.fromEntries(
      users.map((user) => [
        user.email,
        { role: user.role.code, assets: user.assets.map((link) => link.asset.name).sort(), enabled: user.enabled },
      ]),
    );
    expect(view).toEqual({
      'admin@example.com': { role: 'SUPER_ADMIN', assets: [...ASSETS].sort(), enabled: true },
      'manager@example.com': { role: 'MANAGER', assets: [...ASSETS].sort(), enabled: true },
      'agent@example.com': { role: 'AGENT', assets: ['Dubai Marina Office'], enabled: true },
      'agent2@example.com': { role: 'AGENT', assets: ['Downtown Office'], enabled: true },
    });
    for (const user of users) {
      expect(user.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(user.passwordHash, DEMO_PASSWORD)).toBe(true);
      expect(await verifyPassword(user.passwordHash, 'wrong-password')).toBe(false);
      expect(user.assets.map((link) => link.assetId)).toContain(user.activeAssetId);
    }
    // Seeded only: the policy refuses it to every user action.
    expect(passwordPolicyProblem(DEMO_PASSWORD, 8)).toBe(ADMIN_MESSAGES.settings.passwordWeak);
  });

  it.each(ASSETS)('%s has a team: one manager, agents reporting to them, one test agent, linked users', async (assetName) => {
    const asset = await db.asset.findFirstOrThrow({ where: { name: assetName } });
    const members = await db.teamMember.findMany({
      where: { assetId: asset.id },
      include: { user: true, groups: true, office: true, department: true },
    });
    const managers = members.filter((member) => member.reportedToId === null);
    expect(managers).toHaveLength(1);
    const [manager] = managers;
    expect(manager?.user?.email).toBe('manager@example.com');
    expect(members.filter((member) => member !== manager).every((member) => member.reportedToId === manager?.id)).toBe(true);
    expect(members.filter((member) => member.isTest)).toHaveLength(1);
    const eligible = members.filter((member) => member.enabled && !member.isTest && member.isLeadProcessEnabled);
    expect(eligible.length).toBeGreaterThanOrEqual(3);
    expect(members.some((member) => !member.enabled)).toBe(true);
    expect(
      members.every((member) => member.office && member.department && member.phoneNumber && isValidPhone(member.phoneCode, member.phone)),
    ).toBe(true);
    expect(members.some((member) => member.groups.length > 0)).toBe(true);
    const agentLogin = assetName === 'Dubai Marina Office' ? 'agent@example.com' : 'agent2@example.com';
    expect(
      members
        .filter((member) => member.user)
        .map((member) => member.user?.email)
        .sort(),
    ).toEqual([agentLogin, 'manager@example.com'].sort());
  });

  it.each(ASSETS)('%s has sale and rent listings, off-plan projects with developers and agents', async (assetName) => {
    const asset = await db.asset.findFirstOrThrow({ where: { name: assetName } });
    const listings = await db.listing.findMany({ where: { assetId: asset.id } });
    expect(new Set(listings.map((listing) => listing.leadType))).toEqual(new Set(['Sale', 'Rent']));
    expect(listings.every((listing) => listing.city === 'Dubai' && listing.location && listing.agentId)).toBe(true);
    const projects = await db.project.findMany({ where: { assetId: asset.id }, include: { developer: true, agents: true } });
    expect(projects.length).toBeGreaterThanOrEqual(2);
    expect(projects.every((project) => project.developer?.name && project.agents.length > 0)).toBe(true);
  });

  it.each(ASSETS)('%s has customers of all three types with valid UAE phones and C-000001 ids', async (assetName) => {
    const asset = await db.asset.findFirstOrThrow({ where: { name: assetName } });
    const customers = await db.customer.findMany({ where: { assetId: asset.id }, orderBy: { customerID: 'asc' } });
    expect(new Set(customers.map((customer) => customer.type))).toEqual(new Set(['Client', 'External Agent', 'Spam']));
    expect(customers.map((customer) => customer.customerID)).toEqual(customers.map((_, i) => `C-${String(i + 1).padStart(6, '0')}`));
    expect(asset.customerSequence).toBe(customers.length);
    for (const customer of customers) {
      expect(customer.phoneCode).toBe('+971');
      expect(isValidPhone(customer.phoneCode, customer.phone)).toBe(true);
      expect(customer.phoneNumber).toBe(`+971${customer.phone}`);
      expect(customer.fullName).toBe(`${customer.firstName} ${customer.lastName}`);
    }
  });

  it.each(ASSETS)('%s has leads in every stage and SLA stage, with history, parents and reviews', async (assetName) => {
    const asset = await db.asset.findFirstOrThrow({ where: { name: assetName } });
    const leads = await db.lead.findMany({
      where: { assetId: asset.id },
      include: {
        customer: true,
        assignments: { orderBy: { assignedAt: 'asc' } },
        stageHistory: { orderBy: { changedAt: 'asc' } },
        review: true,
        childLeads: true,
      },
      orderBy: { leadID: 'asc' },
    });
    expect(leads.map((lead) => lead.leadID)).toEqual(leads.map((_, i) => `L-${String(i + 1).padStart(6, '0')}`));
    expect(asset.leadSequence).toBe(leads.length);
    // leadIDs follow creation order
    const created = leads.map((lead) => lead.dataSourceCreatedAt.getTime());
    expect(created).toEqual([...created].sort((a, b) => a - b));

    expect(new Set(leads.map((lead) => lead.stage))).toEqual(new Set(LEAD_STAGES));
    expect(new Set(leads.map((lead) => deriveSlaStage(lead, NOW)))).toEqual(new Set(SLA_STAGES));
    expect(new Set(leads.map((lead) => lead.type))).toEqual(new Set(['listing', 'offplan', 'general']));
    expect(new Set(leads.map((lead) => lead.status))).toEqual(new Set(['Open', 'Closed']));
    expect(leads.some((lead) => lead.isInFreePool && deriveSlaStage(lead, NOW) === 'Lead Pool')).toBe(true);
    expect(leads.some((lead) => lead.isClaimedFromPool && lead.assignments.length === 2)).toBe(true);

    for (const lead of leads) {
      expect(lead.assignments.length).toBeGreaterThan(0);
      expect(lead.assignments.at(-1)?.agentId).toBe(lead.agentId);
      expect(lead.stageHistory.at(-1)?.stage).toBe(lead.stage);
      expect(lead.stageHistory[0]?.stage).toBe('New');
      if (lead.customer.type !== 'Client' || lead.parentId || lead.isManualAssignment) {
        expect(deriveSlaStage(lead, NOW)).toBe('-');
      }
      if (lead.isAccepted) expect(lead.assignments.at(-1)?.responseMinutes).toBe(lead.slaResponseTime);
    }

    const children = leads.filter((lead) => lead.parentId);
    expect(children.length).toBeGreaterThanOrEqual(2);
    for (const child of children) {
      const parent = leads.find((lead) => lead.id === child.parentId);
      expect(parent?.customerId).toBe(child.customerId);
      expect(parent?.agentId).toBe(child.agentId);
      expect(parent?.parentId).toBeNull();
      expect(parent?.childLeads.map((lead) => lead.id)).toContain(child.id);
    }
    // docs/leads.md 'Who gets a new lead', step 1: a customer never has two open leads that are not parent and child.
    const openRoots = leads.filter((lead) => lead.status === 'Open' && !lead.parentId).map((lead) => lead.customerId);
    expect(new Set(openRoots).size).toBe(openRoots.length);

    const reviews = leads.flatMap((lead) => (lead.review ? [lead.review] : []));
    expect(reviews.length).toBeGreaterThanOrEqual(3);
    expect(reviews.some((review) => review.category?.toLowerCase() === 'unresponsive' && reviewFeedback(review) === 'Unresponsive')).toBe(
      true,
    );
  });

  it("answers the engine's own bookkeeping: response times, activity rows, events delivered, counts", async () => {
    // Each agent's averageResponseTime is the mean of their accepted assignments (docs/leads.md 'SLA', Accept).
    const members = await db.teamMember.findMany({ include: { assignments: true } });
    for (const member of members) {
      const minutes = member.assignments.flatMap((row) => (row.responseMinutes === null ? [] : [row.responseMinutes]));
      const mean = minutes.length ? Math.round((minutes.reduce((a, b) => a + b, 0) / minutes.length) * 100) / 100 : null;
      expect([member.name, member.averageResponseTime]).toEqual([member.name, mean]);
    }
    // The member who left (through the member resource, docs/leads.md 'A member leaving routing') keeps only
    // leads that were closed or accepted; the activity log has their departure.
    const leavers = await db.teamMember.findMany({ where: { enabled: false }, include: { leads: true } });
    expect(leavers.map((member) => member.name).sort()).toEqual(['Mark Collins', 'Priya Sharma']);
    for (const member of leavers) {
      expect(member.isLeadProcessEnabled).toBe(false);
      expect(member.leads.length).toBeGreaterThan(0);
      expect(member.leads.every((lead) => lead.status === 'Closed' || lead.isAccepted)).toBe(true);
    }
    const departures = await db.activityLog.count({ where: { subjectId: { in: leavers.map((member) => member.id) }, action: 'update' } });
    expect(departures).toBe(2);
    // Every lead has the activity rows of its creation, and no seeded event waits for the outbox sweep.
    const leads = await db.lead.findMany({ select: { id: true, createdAt: true } });
    const created = await db.activityLog.findMany({ where: { subjectType: 'leads', action: 'create' } });
    expect(new Set(created.map((row) => row.subjectId))).toEqual(new Set(leads.map((lead) => lead.id)));
    expect(await db.domainEvent.findMany({ where: { dispatchedAt: null }, select: { type: true, subjectType: true } })).toEqual([]);
    // The customers were created at their moment, before their leads.
    const customers = await db.customer.findMany({ include: { leads: { select: { createdAt: true } } } });
    for (const customer of customers) {
      expect(customer.createdAt.getTime()).toBeLessThan(NOW.getTime());
      for (const lead of customer.leads) expect(customer.createdAt.getTime()).toBeLessThan(lead.createdAt.getTime());
    }
  });

  it('gives every agent a call done, a task due today and one overdue, and meetings; every open deal a note and a task', async () => {
    const agents = await db.teamMember.findMany({ where: { leads: { some: { status: 'Open' } } }, select: { id: true, name: true } });
    expect(agents.length).toBeGreaterThan(0);
    for (const agent of agents) {
      const rows = await db.activity.findMany({ where: { agentId: agent.id, leadId: { not: null } } });
      const tasks = rows.filter((row) => row.type === 'task' && !row.doneAt);
      expect([agent.name, rows.some((row) => row.type === 'call' && row.doneAt)]).toEqual([agent.name, true]);
      expect(
        tasks.some((row) => row.dueAt && row.dueAt.getTime() > NOW.getTime() && row.dueAt.getTime() - NOW.getTime() < 86_400_000),
      ).toBe(true);
      expect(tasks.some((row) => row.dueAt && row.dueAt.getTime() < NOW.getTime())).toBe(true);
    }
    expect(await db.activity.count({ where: { type: 'meeting', dueAt: { gt: NOW } } })).toBeGreaterThan(0);
    // Logged through the activity resource: the leads' latest activity and next planned step are the engine's.
    const called = await db.activity.findFirstOrThrow({ where: { type: 'call', leadId: { not: null } } });
    const lead = await db.lead.findUniqueOrThrow({ where: { id: called.leadId ?? '' } });
    expect(lead.lastActivityAt?.getTime()).toBeGreaterThanOrEqual(called.createdAt.getTime());
    expect(lead.plannedUntil).not.toBeNull();
    const deals = await db.deal.findMany({ where: { outcome: 'open' }, include: { activities: true } });
    expect(deals.length).toBeGreaterThan(0);
    for (const deal of deals) expect(deal.activities.map((row) => row.type).sort()).toEqual(['note', 'task']);
  });

  it('is deterministic and wipes before it seeds again', async () => {
    const before = await demoSnapshot(db);
    expect(before.leads).toHaveLength(56);
    await db.accessLog.create({ data: { email: 'someone@example.com', action: 'login', success: false } });
    await seedDemoData(db, { now: NOW });
    expect(await demoSnapshot(db)).toEqual(before);
    expect(await db.accessLog.count()).toBe(0);
    expect(await db.company.count()).toBe(1);
  });
});

/**
 * What a user sees of the demo, by the numbers the engines give (leadID, customerID) and names: the uuids of the rows
 * the services insert are theirs (time-ordered, docs/architecture.md 'Database'), so they differ from seed to seed.
 */
async function demoSnapshot(db: Db) {
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  const assets = new Map((await db.asset.findMany()).map((asset) => [asset.id, asset.name]));
  const byAsset = { orderBy: [{ assetId: 'asc' }] } as const;
  const leads = await db.lead.findMany({
    orderBy: [{ assetId: 'asc' }, { leadID: 'asc' }],
    include: {
      agent: { select: { name: true } },
      customer: { select: { customerID: true } },
      parent: { select: { leadID: true } },
      assignments: { orderBy: [{ assignedAt: 'asc' }, { id: 'asc' }], include: { agent: { select: { name: true } } } },
      stageHistory: { orderBy: [{ changedAt: 'asc' }, { id: 'asc' }] },
      review: true,
    },
  });
  const customers = await db.customer.findMany({ orderBy: [...byAsset.orderBy, { customerID: 'asc' }] });
  const members = await db.teamMember.findMany({ orderBy: [...byAsset.orderBy, { name: 'asc' }] });
  return {
    leads: leads.map((lead) => ({
      asset: assets.get(lead.assetId),
      leadID: lead.leadID,
      customer: lead.customer.customerID,
      parent: lead.parent?.leadID ?? null,
      agent: lead.agent?.name ?? null,
      stage: lead.stage,
      status: lead.status,
      sla: deriveSlaStage(lead, NOW),
      dates: [lead.createdAt, lead.initialSlaEndDate, lead.freePoolSlaEndDate, lead.agentAssignedAt, lead.acceptedAt].map(iso),
      times: [lead.slaResponseTime, lead.timeToQualify, lead.timeToClose],
      assignments: lead.assignments.map((row) => [
        row.agent.name,
        row.reason,
        iso(row.assignedAt),
        iso(row.acceptedAt),
        row.responseMinutes,
      ]),
      stages: lead.stageHistory.map((row) => [row.stage, row.status, iso(row.changedAt)]),
      review: lead.review ? [lead.review.category, lead.review.rating, iso(lead.review.createdAt)] : null,
    })),
    customers: customers.map((c) => [c.customerID, c.fullName, c.type, c.phoneNumber, c.email, c.inputSource, iso(c.createdAt)]),
    members: members.map((m) => [m.id, m.name, m.averageResponseTime, m.enabled]),
  };
}

describe('seedIfEmpty', () => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = createDb(database.url, { max: 4 });
  });
  afterAll(async () => {
    await db?.$disconnect();
    await database?.drop();
  });

  it('seeds an empty database once, even when two processes start together, and never again', async () => {
    const results = await Promise.all([seedIfEmpty(db, { now: NOW }), seedIfEmpty(db, { now: NOW })]);
    expect(results.sort()).toEqual([false, true]);
    expect(await db.company.count()).toBe(1);
    expect(await db.user.count()).toBe(4);
    const leads = await db.lead.count();
    await db.lead.updateMany({ data: { remarks: 'kept' } });
    expect(await seedIfEmpty(db)).toBe(false);
    expect(await db.lead.count({ where: { remarks: 'kept' } })).toBe(leads);
  });
});

describe('demo logins through the API', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
    await seedDemoData(ctx.db, { now: NOW });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it.each(DEMO_USERS.map((user) => [user.email, user] as const))(
    '%s signs in with Passw0rd! and sees its role and assets',
    async (email, user) => {
      const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: DEMO_PASSWORD } });
      expect(login.statusCode).toBe(200);
      const token = (login.json() as { data: { access_token: string } }).data.access_token;
      const profile = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { authorization: `Bearer ${token}` } });
      expect(profile.statusCode).toBe(200);
      const data = (
        profile.json() as {
          data: { email: string; role: { code: string }; assets: { name: string }[]; activeAsset: { name: string } | null };
        }
      ).data;
      const names = Object.fromEntries(DEMO_ASSETS_BY_KEY);
      expect(data.email).toBe(email);
      expect(data.role.code).toBe(user.role);
      expect(data.assets.map((asset) => asset.name).sort()).toEqual(user.assets.map((key) => names[key]).sort());
      expect(data.activeAsset?.name).toBe(names[user.assets[0] ?? 'marina']);
    },
  );
});
