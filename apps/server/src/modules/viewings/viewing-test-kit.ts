import { ROLE_CODES } from '@crm/domain';
import type { LightMyRequestResponse } from 'fastify';
import { createRole, createUser, loginAs, uniqueSuffix } from '../../../test/factories.js';
import type { TestContext } from '../../../test/test-app.js';
import { createLeadWorld, leadPayload, type LeadWorld } from '../leads/testing.js';

// Test data for viewings and the integrations behind them (Google Calendar, DocuSign, Trustpilot): the lead world,
// its super admin, and leads whose customer has an email. Only tests import this file.

export interface ViewingWorld extends LeadWorld {
  admin: { authorization: string };
  /** A lead (listing lead, agent Ann) whose customer has a name and an email; answers the lead's and customer's ids. */
  lead(): Promise<{ leadId: string; customerId: string; email: string }>;
  api(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object): Promise<LightMyRequestResponse>;
}

export async function createViewingWorld(ctx: TestContext): Promise<ViewingWorld> {
  const world = await createLeadWorld(ctx);
  const role = await createRole(ctx, [], { company: world.company, code: ROLE_CODES.SUPER_ADMIN });
  const admin = await loginAs(ctx, (await createUser(ctx, { role, assets: [world.asset] })).email);
  // Ann's calendar is opened by her email (service-account mode impersonates it).
  await ctx.db.teamMember.updateMany({ where: { id: world.agents[0].member.id }, data: { email: world.agents[0].email } });
  await ctx.db.teamMember.updateMany({ where: { id: world.agents[1].member.id }, data: { email: world.agents[1].email } });
  const api: ViewingWorld['api'] = (method, url, payload) =>
    ctx.app.inject({ method, url: `/api/${url}`, headers: admin, ...(payload ? { payload } : {}) });
  const lead = async () => {
    const customer = await world.customer();
    const email = `buyer.${uniqueSuffix()}@example.com`;
    await ctx.db.customer.update({ where: { id: customer.id }, data: { email } });
    const res = await api('POST', 'properties/leads/create', leadPayload(world, customer.id, { isManualAssignment: true }));
    if (res.statusCode !== 201) throw new Error(`lead not created: ${res.body}`);
    return { leadId: (res.json() as { data: { _id: string } }).data._id, customerId: customer.id, email };
  };
  return { ...world, admin, api, lead };
}

/** A moment `days` days and `hours` hours from now, on the minute (ISO). */
export function fromNow(days: number, hours = 0): string {
  const at = new Date(Date.now() + days * 86_400_000 + hours * 3_600_000);
  at.setUTCSeconds(0, 0);
  return at.toISOString();
}
