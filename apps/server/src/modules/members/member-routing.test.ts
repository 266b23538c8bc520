import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS as P } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createRole, createUser, loginAs } from '../../../test/factories.js';
import { createLeadWorld, leadPayload, movingClock, type LeadWorld } from '../leads/testing.js';

// No lead stranded (docs/leads.md 'SLA', docs/api.md 'Team members'): a member who leaves routing while nobody else
// may take their open leads, and with no manager to fall back on, hands them to the lead pool with a fresh pool time,
// for whoever may claim; none stays with a member out of routing.

const T0 = new Date(Date.UTC(2026, 10, 5, 8, 0, 0));
const clock = movingClock(T0);
let ctx: TestContext;
let world: LeadWorld;
let team: () => Promise<{ authorization: string }>;

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  world = await createLeadWorld(ctx);
  const role = await createRole(ctx, [P.MEMBERS_VIEW], { company: world.company });
  const user = await createUser(ctx, { role, assets: [world.asset] });
  team = () => loginAs(ctx, user.email);
});
afterAll(async () => ctx.close());

async function bulk(ids: string[], changes: Record<string, unknown>) {
  const res = await ctx.app.inject({
    method: 'PATCH',
    url: '/api/teams/members/bulk-update',
    headers: await team(),
    payload: { ids, changes },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.updated as { _id: string; leadsReassigned: number }[];
}

async function createLead(overrides: Record<string, unknown> = {}) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/properties/leads/create',
    headers: await world.manager.headers(),
    payload: leadPayload(world, (await world.customer()).id, overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { _id: string; agent: { _id: string } };
}

describe('a member leaving routing with nobody to take their leads', () => {
  it('sends their open leads to the pool with a fresh pool time; someone who takes leads again claims them', async () => {
    const [ann, bob, cem] = world.agents;
    // Ann's listing lead (on the clock), and one assigned to her by hand (no clock).
    const onClock = await createLead();
    const byHand = await createLead({ isManualAssignment: true, agent: ann.member.id });
    expect([onClock.agent._id, byHand.agent._id]).toEqual([ann.member.id, ann.member.id]);
    // Nobody else takes leads, and there is no manager: Ann reports to nobody, Mia (the only manager) is disabled.
    await bulk([bob.member.id, cem.member.id], { isLeadProcessEnabled: false });
    await bulk([ann.member.id], { reportedTo: null });
    await bulk([world.manager.member.id], { enabled: false });

    clock.set(new Date(T0.getTime() + 10 * 60_000));
    const now = clock.now();
    const [annOff] = await bulk([ann.member.id], { enabled: false });
    expect(annOff?.leadsReassigned).toBe(2);
    for (const id of [onClock._id, byHand._id]) {
      const lead = await ctx.db.lead.findUniqueOrThrow({ where: { id }, include: { assignments: true } });
      expect(lead, id).toMatchObject({
        isInFreePool: true,
        isAssignedFromLeadPool: false,
        isAccepted: false,
        initialSlaEndDate: now,
        // The asset's pool time (120 minutes) from now.
        freePoolSlaEndDate: new Date(now.getTime() + 120 * 60_000),
      });
      expect(lead.latestActivity).toMatch(/pool/i);
    }

    // Bob takes leads again and claims one from the pool: it is his, with a fresh SLA.
    await bulk([bob.member.id], { isLeadProcessEnabled: true });
    const claim = await ctx.app.inject({
      method: 'POST',
      url: `/api/properties/leads/pool/${byHand._id}/claim`,
      headers: await bob.headers(),
    });
    expect(claim.statusCode, claim.body).toBe(200);
    expect(await ctx.db.lead.findUniqueOrThrow({ where: { id: byHand._id } })).toMatchObject({
      agentId: bob.member.id,
      isInFreePool: false,
      isClaimedFromPool: true,
    });
  });

  it('gives them to the asset’s manager when there is one, before the pool', async () => {
    const cem = world.agents[2];
    await bulk([world.manager.member.id], { enabled: true });
    await bulk([cem.member.id], { isLeadProcessEnabled: true, reportedTo: null });
    const lead = await createLead({ isManualAssignment: true, agent: cem.member.id });
    // Nobody else takes leads: Bob off again (the lead he claimed, still unaccepted, goes to Cem, who takes leads).
    const [bobOff] = await bulk([world.agents[1].member.id], { isLeadProcessEnabled: false });
    expect(bobOff?.leadsReassigned).toBe(1);
    const [cemOff] = await bulk([cem.member.id], { isLeadProcessEnabled: false });
    expect(cemOff?.leadsReassigned).toBe(2);
    const leads = await ctx.db.lead.findMany({ where: { agentId: cem.member.id, status: 'Open', isAccepted: false } });
    expect(leads).toEqual([]);
    expect(await ctx.db.lead.findUniqueOrThrow({ where: { id: lead._id } })).toMatchObject({
      agentId: world.manager.member.id,
      isInFreePool: false,
      isAssignedFromLeadPool: true,
    });
  });
});
