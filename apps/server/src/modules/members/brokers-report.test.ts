import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrokerStatistics, LEAD_ASSIGNMENT_REASON, PERMISSIONS as P, TEAM_REPORT_EXPORT_PATHS } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createRole, createUser, loginAs } from '../../../test/factories.js';
import { AGENT_PERMISSIONS, createLeadWorld, leadPayload, movingClock, type LeadWorld } from '../leads/testing.js';
import { runLeadSlaSweep } from '../leads/index.js';

// The Brokers report (GET teams/members/statistics/better-agent) and the Managers and Offices reports' figures, from
// leads the real engine routed, accepted, pooled, claimed and escalated under a fixed clock: exact figures, with and
// without test agents, and for one department.

const T0 = new Date(Date.UTC(2026, 10, 3, 9, 0, 0));
const clock = movingClock(T0);
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ clock });
});
afterAll(async () => ctx.close());

type Agent = BrokerStatistics['agents'][number];

async function readerOf(world: LeadWorld) {
  const role = await createRole(
    ctx,
    // Admin > Users and the agents' own codes too: the reader links a login (core/user-management.ts).
    [
      P.BETTER_AGENT_REPORT_VIEW,
      P.MANAGERS_REPORT_VIEW,
      P.OFFICEWAR_REPORT_VIEW,
      P.MEMBERS_VIEW,
      P.DEPARTMENTS_VIEW,
      P.USERS_VIEW,
      ...AGENT_PERMISSIONS,
    ],
    { company: world.company },
  );
  const user = await createUser(ctx, { role, assets: [world.asset] });
  // Logged in afresh for each call: the clock moves past a token's life in these tests.
  return () => loginAs(ctx, user.email);
}

async function createLead(world: LeadWorld, overrides: Record<string, unknown> = {}) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/properties/leads/create',
    headers: await world.manager.headers(),
    payload: leadPayload(world, (await world.customer()).id, overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { _id: string; agent: { _id: string } };
}

async function leadCall(path: string, headers: { authorization: string }) {
  const res = await ctx.app.inject({ method: 'POST', url: `/api/properties/leads/${path}`, headers });
  expect(res.statusCode, res.body).toBe(200);
}

describe('the Brokers report', () => {
  it('counts per member the leads assigned and accepted, response time and ratings over the range', async () => {
    const own = await createLeadWorld(ctx, { assetName: `Brokers ${Date.now()}` });
    const role = await createRole(ctx, [P.BETTER_AGENT_REPORT_VIEW, P.MEMBERS_VIEW], { company: own.company });
    const reader = await loginAs(ctx, (await createUser(ctx, { role, assets: [own.asset] })).email);
    const managerHeaders = await own.manager.headers();
    const create = async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/properties/leads/create',
        headers: managerHeaders,
        payload: leadPayload(own, (await own.customer()).id),
      });
      return res.json().data as { _id: string };
    };
    const first = await create();
    await create();
    // Ann accepts her first lead 7 minutes and 30 seconds after it was given to her.
    clock.advanceMinutes(7.5);
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: `/api/properties/leads/accept/${first._id}`,
      headers: await own.agents[0].headers(),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/teams/members/ratings',
      headers: reader,
      payload: { member: own.agents[0].member.id, source: 'customer', rating: 4 },
    });

    const res = await ctx.app.inject({ method: 'GET', url: '/api/teams/members/statistics/better-agent', headers: reader });
    expect(res.statusCode, res.body).toBe(200);
    const ann = res.json().data.agents.find((a: { member: { _id: string } }) => a.member._id === own.agents[0].member.id);
    expect(ann).toMatchObject({ leadsAssigned: 2, leadsAccepted: 1, claimedFromPool: 0, escalated: 0, ratingAverage: 4, ratingCount: 1 });
    expect(ann).toMatchObject({ averageResponseTime: 7.5, responseTimeCount: 1, responseTimeTotal: 7.5 });
    // Her profile's mean is the same response time.
    expect((await ctx.db.teamMember.findUniqueOrThrow({ where: { id: own.agents[0].member.id } })).averageResponseTime).toBe(7.5);

    const later = await ctx.app.inject({
      method: 'GET',
      url: '/api/teams/members/statistics/better-agent?from=2099-01-01T00:00:00Z',
      headers: reader,
    });
    const none = later.json().data.agents.find((a: { member: { _id: string } }) => a.member._id === own.agents[0].member.id);
    expect(none).toMatchObject({ leadsAssigned: 0, ratingCount: 0, averageResponseTime: null });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/teams/members/statistics/better-agent', headers: await own.agents[1].headers() }))
        .statusCode,
    ).toBe(403);
  });

  it("gives the Managers and Offices reports their figures: a member's manager, test flag, and the leads escalated to them", async () => {
    const own = await createLeadWorld(ctx, { assetName: `Managers ${Date.now()}` });
    const lead = await ctx.app.inject({
      method: 'POST',
      url: '/api/properties/leads/create',
      headers: await own.manager.headers(),
      payload: leadPayload(own, (await own.customer()).id),
    });
    const leadId = (lead.json().data as { _id: string })._id;
    // Its pool time ran out: the manager got it (the engine writes this assignment; inserted here for the report).
    await ctx.db.leadAssignment.create({
      data: {
        leadId,
        agentId: own.manager.member.id,
        reason: LEAD_ASSIGNMENT_REASON.POOL_EXPIRED,
        assignedAt: new Date(Date.now() + 1000),
      },
    });
    for (const code of [P.MANAGERS_REPORT_VIEW, P.OFFICEWAR_REPORT_VIEW]) {
      const role = await createRole(ctx, [code], { company: own.company });
      const reader = await loginAs(ctx, (await createUser(ctx, { role, assets: [own.asset] })).email);
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/teams/members/statistics/better-agent?excludeTestAgents=false',
        headers: reader,
      });
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json().data.agents as {
        member: { _id: string; reportedTo: string | null; isTest: boolean };
        escalated: number;
        escalatedToThem: number;
      }[];
      const ann = rows.find((row) => row.member._id === own.agents[0].member.id);
      const mia = rows.find((row) => row.member._id === own.manager.member.id);
      expect(ann).toMatchObject({ escalated: 1, escalatedToThem: 0, member: { reportedTo: own.manager.member.id, isTest: false } });
      expect(mia).toMatchObject({ escalatedToThem: 1, member: { reportedTo: null } });
      expect(rows.find((row) => row.member._id === own.testAgent.id)?.member.isTest).toBe(true);
      // By default (the screens' 'Exclude Test Agents': Yes) the test agent is left out.
      const plain = await ctx.app.inject({ method: 'GET', url: '/api/teams/members/statistics/better-agent', headers: reader });
      const ids = (plain.json().data.agents as { member: { _id: string } }[]).map((row) => row.member._id);
      expect(ids).toContain(own.agents[0].member.id);
      expect(ids).not.toContain(own.testAgent.id);
    }
  });

  it('counts exactly what the engine did: acceptances after N minutes, an SLA lapsed to the pool and claimed, one to the manager', async () => {
    clock.set(T0);
    const world = await createLeadWorld(ctx, { assetName: `Brokers engine ${Date.now()}` });
    const reader = await readerOf(world);
    const [ann, bob] = world.agents;
    const mia = world.manager;
    // Test Tina works in Marina under Mia and has a login (linked through the member call): she can accept.
    const tinaRole = await createRole(ctx, [P.LEAD_ADD, P.LEAD_UPDATE, P.LEADS_REPORT_VIEW], { company: world.company });
    const tinaUser = await createUser(ctx, { role: tinaRole, assets: [world.asset], fullName: 'Test Tina' });
    const link = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/teams/members/${world.testAgent.id}`,
      headers: await reader(),
      payload: { user: tinaUser.id, officeName: 'Marina', reportedTo: mia.member.id },
    });
    expect(link.statusCode, link.body).toBe(200);

    // T0: three listing leads go to Ann (the listing's agent), one by hand to Tina.
    const [l1, l2, l3] = [await createLead(world), await createLead(world), await createLead(world)];
    expect([l1, l2, l3].map((lead) => lead.agent._id)).toEqual([ann.member.id, ann.member.id, ann.member.id]);
    const l4 = await createLead(world, { isManualAssignment: true, agent: world.testAgent.id });
    // +5 min: Ann accepts the first; +20: Tina accepts hers.
    clock.set(new Date(T0.getTime() + 5 * 60_000));
    await leadCall(`accept/${l1._id}`, await ann.headers());
    clock.set(new Date(T0.getTime() + 20 * 60_000));
    await leadCall(`accept/${l4._id}`, await loginAs(ctx, tinaUser.email));
    // +30: the initial SLA (30 min) lapses for the other two: the pool.
    clock.set(new Date(T0.getTime() + 30 * 60_000));
    // (The sweep moves every asset's due leads: this world's are checked.)
    await runLeadSlaSweep(ctx.app.deps);
    const pooled = await ctx.db.lead.findMany({ where: { id: { in: [l1._id, l2._id, l3._id, l4._id] } }, orderBy: { id: 'asc' } });
    expect(pooled.map((lead) => [lead.id, lead.isInFreePool])).toEqual(
      [l1, l2, l3, l4].map((lead) => [lead._id, lead === l2 || lead === l3]).sort(([a], [b]) => String(a).localeCompare(String(b))),
    );
    // +40: Bob claims the second, and accepts it 3 minutes later.
    clock.set(new Date(T0.getTime() + 40 * 60_000));
    await leadCall(`pool/${l2._id}/claim`, await bob.headers());
    clock.set(new Date(T0.getTime() + 43 * 60_000));
    await leadCall(`accept/${l2._id}`, await bob.headers());
    // +151: the third's pool time (120 min) ran out unclaimed: Mia, Ann's manager, gets it.
    clock.set(new Date(T0.getTime() + 151 * 60_000));
    await runLeadSlaSweep(ctx.app.deps);
    expect(await ctx.db.lead.findUniqueOrThrow({ where: { id: l3._id } })).toMatchObject({
      agentId: mia.member.id,
      isAssignedFromLeadPool: true,
      isInFreePool: false,
    });

    const figures = (agent: Agent | undefined) =>
      agent && [
        agent.leadsAssigned,
        agent.leadsAccepted,
        agent.claimedFromPool,
        agent.escalated,
        agent.escalatedToThem,
        agent.averageResponseTime,
        agent.responseTimeCount,
      ];
    // All time (the per-day and per-month tables) and the day itself (read from the assignments) agree.
    const day = `from=${new Date(T0.getTime() - 3_600_000).toISOString()}&to=${new Date(T0.getTime() + 6 * 3_600_000).toISOString()}`;
    for (const range of ['', day]) {
      const get = async (filter: string) => {
        const res = await ctx.app.inject({
          method: 'GET',
          url: `/api/teams/members/statistics/better-agent?${[range, filter].filter(Boolean).join('&')}`,
          headers: await reader(),
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data.agents as Agent[];
      };
      const rows = await get('');
      const of = (id: string, list = rows) => list.find((row) => row.member._id === id);
      expect(figures(of(ann.member.id)), `Ann ${range}`).toEqual([3, 1, 0, 1, 0, 5, 1]);
      expect(figures(of(bob.member.id)), `Bob ${range}`).toEqual([1, 1, 1, 0, 0, 3, 1]);
      expect(figures(of(mia.member.id)), `Mia ${range}`).toEqual([1, 0, 0, 0, 1, null, 0]);
      expect(of(world.testAgent.id)).toBeUndefined();
      const withTests = await get('excludeTestAgents=false');
      expect(figures(of(world.testAgent.id, withTests)), `Tina ${range}`).toEqual([1, 1, 0, 0, 0, 20, 1]);
      expect(withTests).toHaveLength(rows.length + 1);
    }

    // The Offices and Managers reports add these up (their exports: the same figures as their screens).
    const csv = async (report: 'offices' | 'managers', query: string) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/${TEAM_REPORT_EXPORT_PATHS[report]}?format=csv&${query}`,
        headers: { ...(await reader()), 'x-timezone': 'UTC' },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.body
        .replace(/^\ufeff/, '')
        .trim()
        .split(/\r?\n/)
        .slice(1);
    };
    // Marina without test agents: Ann and Bob, 4 assigned, 2 accepted, mean response (5 + 3) / 2 = 4 minutes.
    expect(await csv('offices', '')).toEqual([
      '1,Marina,2,4,2,50%,1,1,4 minutes,N/A,0,0.00',
      '2,Head Office,1,1,0,0%,0,0,N/A,N/A,0,0.00',
      '3,Downtown,1,0,0,N/A,0,0,N/A,N/A,0,0.00',
      '4,No office,1,0,0,N/A,0,0,N/A,N/A,0,0.00',
    ]);
    // With them: Tina joins Marina, (5 + 3 + 20) / 3 = 9.33 minutes.
    expect((await csv('offices', 'excludeTestAgents=false'))[0]).toBe('1,Marina,3,5,3,60%,1,1,9 minutes 20 seconds,N/A,0,0.00');
    expect(await csv('managers', '')).toEqual(['Manager Mia,Head Office,3,4,2,50%,1,1,4 minutes,N/A,0,0.00,1']);
    expect(await csv('managers', 'excludeTestAgents=false')).toEqual([
      'Manager Mia,Head Office,4,5,3,60%,1,1,9 minutes 20 seconds,N/A,0,0.00,1',
    ]);
  });

  it("keeps one department's members, on screen and in the export", async () => {
    clock.set(T0);
    const world = await createLeadWorld(ctx, { assetName: `Brokers department ${Date.now()}` });
    const reader = await readerOf(world);
    const department = await ctx.app.inject({
      method: 'POST',
      url: '/api/teams/departments',
      headers: await reader(),
      payload: { name: 'Leasing' },
    });
    expect(department.statusCode, department.body).toBe(201);
    const departmentId = department.json().data._id as string;
    for (const member of [world.agents[1].member, world.testAgent]) {
      const res = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/teams/members/${member.id}`,
        headers: await reader(),
        payload: { department: departmentId },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const names = async (query: string) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/teams/members/statistics/better-agent?${query}`,
        headers: await reader(),
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.agents as Agent[]).map((row) => row.member.name);
    };
    expect(await names(`department=${departmentId}`)).toEqual(['Agent Bob']);
    expect(await names(`department=${departmentId}&excludeTestAgents=false`)).toEqual(['Agent Bob', 'Test Tina']);
    expect((await names('')).length).toBeGreaterThan(3);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/teams/members/statistics/better-agent?department=leasing',
      headers: await reader(),
    });
    expect(bad.statusCode).toBe(400);
    const file = await ctx.app.inject({
      method: 'GET',
      url: `/api/${TEAM_REPORT_EXPORT_PATHS.brokers}?format=csv&department=${departmentId}&excludeTestAgents=false`,
      headers: await reader(),
    });
    expect(file.statusCode, file.body).toBe(200);
    const rows = file.body
      .replace(/^\ufeff/, '')
      .trim()
      .split(/\r?\n/)
      .slice(1);
    expect(rows.map((row) => row.split(',')[0])).toEqual(['Agent Bob', 'Test Tina']);
  });
});
