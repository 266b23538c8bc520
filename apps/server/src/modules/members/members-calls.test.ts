import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS as P } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createAsset, createRole, createUser, loginAs } from '../../../test/factories.js';
import { AGENT_PERMISSIONS, createLeadWorld, leadPayload, type LeadWorld } from '../leads/testing.js';

// Team members' own calls (docs/api.md 'Team members'): bulk update and what it does to routing, the sign-in link,
// the password, WhatsApp and the ratings. (The Brokers report: brokers-report.test.ts; the calls that need a provider:
// member-sync.test.ts; a member's user account and its link's expiry: member-login.test.ts.)

let ctx: TestContext;
let world: LeadWorld;
let headers: { authorization: string };

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createLeadWorld(ctx);
  // Admin > Users too: the sign-in link and password calls act on the agents' accounts (core/user-management.ts).
  const role = await createRole(ctx, [P.MEMBERS_VIEW, P.USERS_VIEW, P.BETTER_AGENT_REPORT_VIEW, ...AGENT_PERMISSIONS], {
    company: world.company,
  });
  const teamLead = await createUser(ctx, { role, assets: [world.asset] });
  headers = await loginAs(ctx, teamLead.email);
});
afterAll(async () => ctx.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: object, h = headers) =>
  ctx.app.inject({ method, url: `/api/teams/members/${path}`, headers: h, ...(payload ? { payload } : {}) });

async function createLead(customerId: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/properties/leads/create',
    headers: await world.manager.headers(),
    payload: leadPayload(world, customerId),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { _id: string; agent: { _id: string } };
}

describe('bulk-update', () => {
  it('disabling an agent moves their open unaccepted leads, and their next lead goes elsewhere', async () => {
    const ann = world.agents[0].member;
    const customer = await world.customer();
    // A listing lead of Ann's listing goes to Ann.
    const first = await createLead(customer.id);
    expect(first.agent._id).toBe(ann.id);

    const res = await call('PATCH', 'bulk-update', { ids: [ann.id], changes: { enabled: false } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.updated).toEqual([{ _id: ann.id, name: ann.name, changed: ['enabled'], leadsReassigned: 1 }]);
    const moved = await ctx.db.lead.findUniqueOrThrow({ where: { id: first._id }, include: { assignments: true } });
    expect(moved.agentId).not.toBe(ann.id);
    expect([world.agents[1].member.id, world.agents[2].member.id]).toContain(moved.agentId);
    expect(moved.assignments).toHaveLength(2);
    expect(moved.initialSlaEndDate).not.toBeNull();

    // Her listing's next lead, from another customer, is routed to an eligible member instead.
    const next = await createLead((await world.customer()).id);
    expect(next.agent._id).not.toBe(ann.id);
    // The same customer's new lead follows the parent, which is no longer Ann's.
    const child = await createLead(customer.id);
    expect(child.agent._id).toBe(moved.agentId);

    const back = await call('PATCH', 'bulk-update', { ids: [ann.id], changes: { enabled: true } });
    expect(back.json().data.updated[0]).toMatchObject({ changed: ['enabled'], leadsReassigned: 0 });
  });

  it("an accepted lead stays with a disabled agent, and the customer's next lead goes to someone who takes leads", async () => {
    const ann = world.agents[0].member;
    const customer = await world.customer();
    const parent = await createLead(customer.id);
    expect(parent.agent._id).toBe(ann.id);
    await ctx.db.lead.update({ where: { id: parent._id }, data: { isAccepted: true, acceptedAt: new Date() } });
    const res = await call('PATCH', 'bulk-update', { ids: [ann.id], changes: { enabled: false } });
    expect(res.json().data.updated[0]).toMatchObject({ changed: ['enabled'], leadsReassigned: 0 });
    expect((await ctx.db.lead.findUniqueOrThrow({ where: { id: parent._id } })).agentId).toBe(ann.id);

    const child = await createLead(customer.id);
    expect(child.agent._id).not.toBe(ann.id);
    expect((await ctx.db.lead.findUniqueOrThrow({ where: { id: child._id } })).parentId).toBe(parent._id);
    await call('PATCH', 'bulk-update', { ids: [ann.id], changes: { enabled: true } });
  });

  it('turning off the lead process through the member form does the same', async () => {
    const bob = world.agents[1].member;
    const lead = await createLead((await world.customer()).id);
    await ctx.db.lead.update({ where: { id: lead._id }, data: { agentId: bob.id } });
    const count = async () => {
      const filter = encodeURIComponent(JSON.stringify({ query: { agent: bob.id, isAccepted: false, status: 'Open' } }));
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/properties/leads/count?filter=${filter}`,
        headers: await world.manager.headers(),
      });
      return res.json().data.count as number;
    };
    // The Leads report's cached total is read, then must not outlive the move.
    expect(await count()).toBeGreaterThan(0);
    const res = await call('PATCH', bob.id, { isLeadProcessEnabled: false });
    expect(res.statusCode, res.body).toBe(200);
    expect((await ctx.db.lead.findUniqueOrThrow({ where: { id: lead._id } })).agentId).not.toBe(bob.id);
    expect(await count()).toBe(0);
    await call('PATCH', bob.id, { isLeadProcessEnabled: true });
  });

  it('deleting a member moves their open unaccepted leads first', async () => {
    const gone = await ctx.db.teamMember.create({
      data: { companyId: world.company.id, assetId: world.asset.id, name: 'Leaving Lou', enabled: true, isLeadProcessEnabled: true },
    });
    const lead = await createLead((await world.customer()).id);
    await ctx.db.lead.update({ where: { id: lead._id }, data: { agentId: gone.id } });
    expect((await call('DELETE', gone.id)).statusCode).toBe(200);
    expect((await ctx.db.lead.findUniqueOrThrow({ where: { id: lead._id } })).agentId).not.toBe(gone.id);
  });

  it('sets department, groups and manager for many, reporting only what changed', async () => {
    const dept = await ctx.db.department.create({ data: { companyId: world.company.id, assetId: world.asset.id, name: 'Leasing' } });
    const group = await ctx.db.group.create({ data: { companyId: world.company.id, assetId: world.asset.id, name: 'Closers' } });
    const [ann, bob] = [world.agents[0].member, world.agents[1].member];
    const res = await call('PATCH', 'bulk-update', {
      ids: [ann.id, bob.id],
      changes: { department: dept.id, groups: [group.id], reportedTo: world.manager.member.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.updated.map((u: { changed: string[] }) => u.changed)).toEqual([
      ['department', 'groups'],
      ['department', 'groups'],
    ]);
    const stored = await ctx.db.teamMember.findUniqueOrThrow({ where: { id: bob.id }, include: { groups: true } });
    expect(stored.departmentId).toBe(dept.id);
    expect(stored.groups.map((g) => g.id)).toEqual([group.id]);
  });

  it('refuses another asset member and a reporting loop, per id, and stores nothing', async () => {
    const other = await createAsset(ctx, { company: world.company });
    const foreign = await ctx.db.teamMember.create({ data: { companyId: world.company.id, assetId: other.id, name: 'Elsewhere' } });
    const [ann, bob] = [world.agents[0].member, world.agents[1].member];
    const res = await call('PATCH', 'bulk-update', { ids: [ann.id, foreign.id], changes: { enabled: false } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { [foreign.id]: ['This team member is not in the active asset.'] },
    });
    expect((await ctx.db.teamMember.findUniqueOrThrow({ where: { id: ann.id } })).enabled).toBe(true);

    // The manager reporting to Ann, who reports to the manager: a loop.
    const loop = await call('PATCH', 'bulk-update', { ids: [world.manager.member.id, bob.id], changes: { reportedTo: ann.id } });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().data).toEqual({
      [world.manager.member.id]: ['This manager reports, directly or through others, to this team member.'],
    });
    expect((await ctx.db.teamMember.findUniqueOrThrow({ where: { id: bob.id } })).reportedToId).toBe(world.manager.member.id);
    const single = await call('PATCH', world.manager.member.id, { reportedTo: ann.id });
    expect(single.statusCode).toBe(400);
    expect(single.json().data).toEqual({ reportedTo: ['This manager reports, directly or through others, to this team member.'] });
  });
});

describe('sign-in link and password', () => {
  it('a link signs the member in once; the second use is refused', async () => {
    const member = world.agents[2].member;
    const res = await call('POST', 'login-url', { member: member.id });
    expect(res.statusCode, res.body).toBe(200);
    const token = new URL(res.json().data.url).searchParams.get('token') ?? '';
    const stored = await ctx.db.memberLoginLink.findFirstOrThrow({ where: { memberId: member.id } });
    expect(stored.tokenHash).not.toContain(token);
    expect(stored.tokenHash).toHaveLength(64);

    const first = await ctx.app.inject({ method: 'POST', url: '/api/teams/members/login-url/sign-in', payload: { token } });
    expect(first.statusCode, first.body).toBe(200);
    const session = first.json().data as { access_token: string };
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(profile.json().data.fullName).toBe(member.name);

    const second = await ctx.app.inject({ method: 'POST', url: '/api/teams/members/login-url/sign-in', payload: { token } });
    expect(second.statusCode).toBe(401);
    expect(second.json().message).toBe('This sign-in link is invalid, expired or already used.');
  });

  it('a revoked link no longer works; a member without a login gets none', async () => {
    const member = world.agents[1].member;
    const token = new URL((await call('POST', 'login-url', { member: member.id })).json().data.url).searchParams.get('token');
    expect((await call('DELETE', `${member.id}/login-url`)).json().data).toEqual({ member: member.id, revoked: 1 });
    const used = await ctx.app.inject({ method: 'POST', url: '/api/teams/members/login-url/sign-in', payload: { token } });
    expect(used.statusCode).toBe(401);
    const noLogin = await call('POST', 'login-url', { member: world.testAgent.id });
    expect(noLogin.statusCode).toBe(409);
    expect(noLogin.json().message).toBe('This team member has no login: link a user account first.');
  });

  it('update-password applies the policy and only to members with a login', async () => {
    const member = world.agents[0].member;
    const short = await call('PATCH', `${member.id}/update-password`, { password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(Object.keys(short.json().data)).toEqual(['password']);
    const ok = await call('PATCH', `${member.id}/update-password`, { password: 'N3w-Passw0rd!' });
    expect(ok.statusCode, ok.body).toBe(200);
    await expect(loginAs(ctx, world.agents[0].email, 'N3w-Passw0rd!')).resolves.toHaveProperty('authorization');
    expect((await call('PATCH', `${world.testAgent.id}/update-password`, { password: 'N3w-Passw0rd!' })).statusCode).toBe(409);
  });
});

describe('whatsapp, distinct, ratings, statistics, integrations', () => {
  it('WhatsApp needs a number to be on', async () => {
    const member = world.testAgent;
    const off = await call('PATCH', `whatsapp-config/${member.id}`, { enabled: true });
    expect(off.statusCode).toBe(400);
    expect(off.json().data).toEqual({ whatsappNumber: ['A WhatsApp number is required to turn WhatsApp on.'] });
    const on = await call('PATCH', `whatsapp-config/${member.id}`, {
      enabled: true,
      whatsappCode: '+971',
      whatsappNumber: '50 123 4567',
      greeting: 'Hi',
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toMatchObject({
      whatsappCode: '+971',
      whatsappNumber: '501234567',
      whatsappConfig: { enabled: true, greeting: 'Hi' },
    });
  });

  it('distinct offices of the asset', async () => {
    const res = await call('GET', 'distinct/officeName');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual(expect.arrayContaining(['Marina', 'Downtown', 'Head Office']));
  });

  it('ratings from the three kinds of review add up per member and office; a hidden one stops counting', async () => {
    const [ann, cem] = [world.agents[0].member, world.agents[2].member];
    const rate = (member: string, source: string, rating: number, ratedAt = '2026-03-10T10:00:00.000Z') =>
      call('POST', 'ratings', { member, source, rating, ratedAt });
    expect((await rate(ann.id, 'qualification', 5)).statusCode).toBe(201);
    await rate(ann.id, 'viewing', 4);
    const hidden = (await rate(ann.id, 'customer', 1)).json().data._id as string;
    await rate(cem.id, 'customer', 3);
    await rate(cem.id, 'customer', 5, '2025-01-01T00:00:00.000Z');
    expect((await call('POST', 'ratings', { member: ann.id, source: 'viewing', rating: 6 })).json().data).toEqual({
      rating: ['Rating must be a whole number from 1 to 5.'],
    });
    const patched = await call('PATCH', `ratings/${hidden}`, { hidden: true });
    expect(patched.json().data.hidden).toBe(true);
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/teams/members/ratings?filter=${encodeURIComponent(JSON.stringify({ query: { member: ann.id }, populate: ['member'] }))}`,
      headers,
    });
    expect(list.json().meta.total).toBe(3);

    const summary = await call('GET', 'ratings/statistics/summary?from=2026-01-01T00:00:00Z&to=2026-12-31T23:59:59Z');
    expect(summary.statusCode, summary.body).toBe(200);
    const data = summary.json().data;
    expect(data.overall).toEqual({ count: 3, average: 4, distribution: { 1: 0, 2: 0, 3: 1, 4: 1, 5: 1 } });
    expect(data.members).toEqual([
      {
        member: { _id: ann.id, name: ann.name, officeName: 'Marina' },
        count: 2,
        average: 4.5,
        distribution: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 },
      },
      {
        member: { _id: cem.id, name: cem.name, officeName: 'Downtown' },
        count: 1,
        average: 3,
        distribution: { 1: 0, 2: 0, 3: 1, 4: 0, 5: 0 },
      },
    ]);
    expect(data.offices.map((o: { officeName: string; average: number }) => [o.officeName, o.average])).toEqual([
      ['Downtown', 3],
      ['Marina', 4.5],
    ]);
  });

  it('needs MEMBERS_VIEW to change members', async () => {
    const agentHeaders = await world.agents[2].headers();
    const res = await call('PATCH', 'bulk-update', { ids: [world.agents[1].member.id], changes: { enabled: false } }, agentHeaders);
    expect(res.statusCode).toBe(403);
  });
});

describe('the tRPC door', () => {
  const trpc = (method: 'GET' | 'POST', procedure: string, input: unknown) =>
    ctx.app.inject(
      method === 'GET'
        ? { method, url: `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, headers }
        : {
            method,
            url: `/trpc/${procedure}`,
            headers: { ...headers, 'content-type': 'application/json' },
            payload: JSON.stringify(input),
          },
    );
  const envelope = (res: { json: () => unknown }) =>
    (res.json() as { error: { data: { envelope: Record<string, unknown> } } }).error.data.envelope;

  it('reaches the same services: bulk update, summary, and the 409 of an integration not configured', async () => {
    const cem = world.agents[2].member;
    const bulk = await trpc('POST', 'members.bulkUpdate', { ids: [cem.id], changes: { isLeadProcessEnabled: true } });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect((bulk.json() as { result: { data: { data: { updated: unknown[] } } } }).result.data.data.updated).toHaveLength(1);
    expect((await trpc('GET', 'members.ratingSummary', {})).statusCode).toBe(200);
    const sync = await trpc('POST', 'members.syncNow', { id: cem.id });
    expect(sync.statusCode).toBe(409);
    expect(envelope(sync)).toMatchObject({ code: 'CONFLICT', data: { provider: 'goyzer', reason: 'NOT_CONFIGURED' } });
    const offices = await trpc('GET', 'members.integrationOffices', { integration: 'engage', asset: world.asset.id });
    expect(envelope(offices)).toMatchObject({
      statusCode: 409,
      message: 'Engage is not configured for this asset: set it up under Settings > Integrations first.',
      data: { provider: 'engage', reason: 'NOT_CONFIGURED' },
    });
  });
});
