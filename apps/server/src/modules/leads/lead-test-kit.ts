import { PERMISSIONS as P, type LeadPayloadInput, type PermissionCode } from '@crm/domain';
import type { Clock } from '../../core/deps.js';
import type { Db } from '../../db/prisma.js';
import type { App } from '../../app.js';
import type { Asset, Company, Customer, Prisma, TeamMember } from '../../generated/prisma/client.js';
import { createRole, createTenant, createUser, loginAs, uniqueSuffix } from '../../../test/factories.js';

// Test data for the lead engine's integration tests: one asset with a manager, three eligible agents (each
// with a login), a test agent, a disabled agent, customers, a listing with an agent, one without, and a
// project with two agents. Only tests import this file.

interface Ctx {
  db: Db;
  app: App;
}

/** A clock tests move by hand (the app and its services read it). */
export function movingClock(start = new Date()): Clock & { set(date: Date): void; advanceMinutes(minutes: number): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (date) => {
      current = date.getTime();
    },
    advanceMinutes: (minutes) => {
      current += minutes * 60_000;
    },
  };
}

export const MANAGER_PERMISSIONS: PermissionCode[] = [
  P.LEAD_ADD,
  P.LEAD_UPDATE,
  P.LEAD_UPDATE_SLA,
  P.LEADS_REPORT_VIEW,
  P.VIEW_SENSITIVE_INFORMATION,
  P.BETTER_AGENT_REPORT_VIEW,
];
export const AGENT_PERMISSIONS: PermissionCode[] = [P.LEAD_ADD, P.LEAD_UPDATE, P.LEADS_REPORT_VIEW];

export interface Agent {
  member: TeamMember;
  email: string;
  headers: () => Promise<{ authorization: string }>;
}

export interface LeadWorld {
  company: Company;
  asset: Asset;
  manager: Agent;
  agents: [Agent, Agent, Agent];
  testAgent: TeamMember;
  disabledAgent: TeamMember;
  /** A user with no lead permission at all. */
  outsiderEmail: string;
  listing: { id: string; agentId: string };
  listingWithoutAgent: { id: string };
  project: { id: string; agentIds: string[] };
  customer: (type?: string) => Promise<Customer>;
}

export async function createCustomer(ctx: { db: Db }, asset: Pick<Asset, 'id' | 'companyId'>, type = 'Client'): Promise<Customer> {
  const suffix = uniqueSuffix();
  return ctx.db.customer.create({
    data: {
      companyId: asset.companyId,
      assetId: asset.id,
      customerID: `C-${suffix}`,
      firstName: 'Cust',
      lastName: suffix,
      fullName: `Cust ${suffix}`,
      type,
    },
  });
}

/** One asset's lead world; `agentCount` eligible agents (3 by default, more for fairness tests). */
export async function createLeadWorld(ctx: Ctx, options: { assetName?: string; extraAgents?: number } = {}): Promise<LeadWorld> {
  const { company, asset } = await createTenant(ctx, options.assetName ? { assetName: options.assetName } : {});
  const managerRole = await createRole(ctx, MANAGER_PERMISSIONS, { company });
  const agentRole = await createRole(ctx, AGENT_PERMISSIONS, { company });
  const outsiderRole = await createRole(ctx, [P.CUSTOMERS_VIEW], { company });
  const outsider = await createUser(ctx, { role: outsiderRole, assets: [asset] });

  const person = async (
    name: string,
    role: typeof agentRole,
    member: Partial<Prisma.TeamMemberUncheckedCreateInput> = {},
  ): Promise<Agent> => {
    const user = await createUser(ctx, { role, assets: [asset], fullName: name });
    const row = await ctx.db.teamMember.create({
      data: {
        companyId: company.id,
        assetId: asset.id,
        userId: user.id,
        name,
        enabled: true,
        isLeadProcessEnabled: true,
        officeName: 'Marina',
        ...member,
      },
    });
    return { member: row, email: user.email, headers: () => loginAs(ctx, user.email) };
  };
  // The manager reports to nobody and takes no automatic leads.
  const manager = await person('Manager Mia', managerRole, { isLeadProcessEnabled: false, officeName: 'Head Office' });
  const agents = [
    await person('Agent Ann', agentRole, { reportedToId: manager.member.id }),
    await person('Agent Bob', agentRole, { reportedToId: manager.member.id }),
    await person('Agent Cem', agentRole, { reportedToId: manager.member.id, officeName: 'Downtown' }),
  ] as [Agent, Agent, Agent];
  for (let i = 0; i < (options.extraAgents ?? 0); i += 1) {
    await ctx.db.teamMember.create({
      data: {
        companyId: company.id,
        assetId: asset.id,
        name: `Extra ${i}`,
        enabled: true,
        isLeadProcessEnabled: true,
        reportedToId: manager.member.id,
      },
    });
  }
  const testAgent = await ctx.db.teamMember.create({
    data: { companyId: company.id, assetId: asset.id, name: 'Test Tina', enabled: true, isTest: true, isLeadProcessEnabled: true },
  });
  const disabledAgent = await ctx.db.teamMember.create({
    data: { companyId: company.id, assetId: asset.id, name: 'Off Oscar', enabled: false, isLeadProcessEnabled: true },
  });

  const listing = await ctx.db.listing.create({
    data: {
      companyId: company.id,
      assetId: asset.id,
      reference: `REF-${uniqueSuffix()}`,
      price: 1_000_000,
      agentId: agents[0].member.id,
      city: 'Dubai',
      location: 'Marina',
    },
  });
  const listingWithoutAgent = await ctx.db.listing.create({
    data: { companyId: company.id, assetId: asset.id, reference: `REF-${uniqueSuffix()}`, price: 500_000 },
  });
  const project = await ctx.db.project.create({
    data: {
      companyId: company.id,
      assetId: asset.id,
      name: 'Creek Towers',
      slug: `creek-${uniqueSuffix()}`,
      minPrice: 800_000,
      maxPrice: 2_500_000,
      agents: { connect: [{ id: agents[1].member.id }, { id: agents[2].member.id }] },
    },
  });
  return {
    company,
    asset,
    manager,
    agents,
    testAgent,
    disabledAgent,
    outsiderEmail: outsider.email,
    listing: { id: listing.id, agentId: agents[0].member.id },
    listingWithoutAgent: { id: listingWithoutAgent.id },
    project: { id: project.id, agentIds: [agents[1].member.id, agents[2].member.id] },
    customer: (type = 'Client') => createCustomer(ctx, asset, type),
  };
}

/** A valid listing-lead payload; `agent` is any member (automatic assignment decides anyway). */
export function leadPayload(world: LeadWorld, customerId: string, overrides: Partial<LeadPayloadInput> = {}): LeadPayloadInput {
  return {
    customer: customerId,
    contactType: 'Buyer',
    type: 'listing',
    listing: world.listing.id,
    source: 'Website',
    leadType: 'Sale',
    referredBy: world.agents[0].member.id,
    enquiryMethod: 'Web Form',
    contactMethod: 'Phone',
    action: 'Requires call from agent',
    agent: world.agents[0].member.id,
    ...overrides,
  };
}
