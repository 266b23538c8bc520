import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_LOGIN_LINK, PERMISSIONS as P } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createRole, createTenant, createUser, loginAs } from '../../../test/factories.js';
import { AGENT_PERMISSIONS, createLeadWorld, movingClock, type LeadWorld } from '../leads/testing.js';

// A member's login (docs/api.md 'Team members'): the user account linked through the member's own create and update
// (a user of the company, one member per user in an asset), the users the form offers, and what the link gives: a
// sign-in link that works once until it expires, and the password.

const clock = movingClock();
let ctx: TestContext;
let world: LeadWorld;
let role: Awaited<ReturnType<typeof createRole>>;
let team: () => Promise<{ authorization: string }>;

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  world = await createLeadWorld(ctx);
  // Admin > Users and the linked users' codes: linking a login hands its account over (core/user-management.ts).
  const teamRole = await createRole(ctx, [P.MEMBERS_VIEW, P.USERS_VIEW, ...AGENT_PERMISSIONS], { company: world.company });
  const lead = await createUser(ctx, { role: teamRole, assets: [world.asset] });
  // Logged in afresh for each call: the clock moves past a token's life here.
  team = () => loginAs(ctx, lead.email);
  role = await createRole(ctx, [P.LEAD_ADD, P.LEADS_REPORT_VIEW], { company: world.company });
});
afterAll(async () => ctx.close());

const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/teams/members${path}`, headers: await team(), ...(payload ? { payload } : {}) });
const signIn = (token: string) => ctx.app.inject({ method: 'POST', url: '/api/teams/members/login-url/sign-in', payload: { token } });
const tokenOf = (url: string) => new URL(url).searchParams.get('token') ?? '';

describe("a member's user account", () => {
  it('is linked on create and update; another live member of the asset with that user is refused, naming them', async () => {
    const user = await createUser(ctx, { role, assets: [world.asset], fullName: 'Nadia Noor' });
    const created = await call('POST', '', { name: 'Nadia Noor', enabled: true, user: user.id });
    expect(created.statusCode, created.body).toBe(201);
    const nadia = created.json().data as { _id: string; user: string };
    expect(nadia.user).toBe(user.id);

    const twin = await call('POST', '', { name: 'Nadia Again', user: user.id });
    expect(twin.statusCode).toBe(400);
    expect(twin.json().data).toEqual({ user: ['This user is already the login of Nadia Noor in this asset.'] });
    const taken = await call('PATCH', `/${world.testAgent.id}`, { user: user.id });
    expect(taken.json().data).toEqual({ user: ['This user is already the login of Nadia Noor in this asset.'] });
    expect((await ctx.db.teamMember.findUniqueOrThrow({ where: { id: world.testAgent.id } })).userId).toBeNull();

    // Unlinked, the user is free for another member; a deleted member lets its user go too.
    expect((await call('PATCH', `/${nadia._id}`, { user: null })).json().data.user).toBeNull();
    expect((await call('PATCH', `/${world.testAgent.id}`, { user: user.id })).statusCode).toBe(200);
    expect((await call('DELETE', `/${world.testAgent.id}`)).statusCode).toBe(200);
    const relinked = await call('PATCH', `/${nadia._id}`, { user: user.id });
    expect(relinked.statusCode, relinked.body).toBe(200);
    expect(relinked.json().data.user).toBe(user.id);
  });

  it('must be a user of the company', async () => {
    const other = await createTenant(ctx, { assetName: 'Another company' });
    const otherRole = await createRole(ctx, [P.LEAD_ADD], { company: other.company });
    const stranger = await createUser(ctx, { role: otherRole, assets: [other.asset] });
    const res = await call('POST', '', { name: 'Stranger', user: stranger.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual({ user: ['User not found.'] });
    const bad = await call('POST', '', { name: 'Stranger', user: 'someone' });
    expect(bad.json().data).toEqual({ user: ['User is invalid.'] });
    expect(await ctx.db.teamMember.count({ where: { name: 'Stranger' } })).toBe(0);
  });

  it('is picked among the company’s users, each saying which member of the asset it is already the login of', async () => {
    const free = await createUser(ctx, { role, assets: [world.asset], fullName: 'Omar Free', email: `omar-${Date.now()}@example.com` });
    const res = await call('GET', '/users?search=omar');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      { _id: free.id, fullName: 'Omar Free', email: free.email, enabled: true, member: null, manageable: true },
    ]);
    const ann = world.agents[0];
    const byEmail = await call('GET', `/users?search=${encodeURIComponent(ann.email)}`);
    expect(byEmail.json().data).toEqual([expect.objectContaining({ member: { _id: ann.member.id, name: 'Agent Ann' } })]);
    // The one the form shows comes back whatever the search.
    const included = await call('GET', `/users?search=omar&include=${ann.member.userId}`);
    expect(included.json().data.map((u: { fullName: string }) => u.fullName)).toEqual(['Agent Ann', 'Omar Free']);
    const agentHeaders = await ann.headers();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/teams/members/users', headers: agentHeaders })).statusCode).toBe(403);
  });
});

describe('the login of a member linked through the API', () => {
  it('signs in with a link once, within its hour; the password is set and the old one stops working', async () => {
    const user = await createUser(ctx, { role, assets: [world.asset], fullName: 'Layla Link' });
    const created = await call('POST', '', { name: 'Layla Link', enabled: true, user: user.id });
    const layla = created.json().data._id as string;

    const first = await call('POST', '/login-url', { member: layla });
    expect(first.statusCode, first.body).toBe(200);
    expect(new Date(first.json().data.expiresAt).getTime()).toBe(clock.now().getTime() + MEMBER_LOGIN_LINK.TTL_MINUTES * 60_000);
    const session = await signIn(tokenOf(first.json().data.url));
    expect(session.statusCode, session.body).toBe(200);
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: { authorization: `Bearer ${session.json().data.access_token}` },
    });
    expect(profile.json().data).toMatchObject({ fullName: 'Layla Link', email: user.email });

    // A link not used within its hour no longer signs in: one minute before, it still would.
    const late = tokenOf((await call('POST', '/login-url', { member: layla })).json().data.url);
    const onTime = tokenOf((await call('POST', '/login-url', { member: layla })).json().data.url);
    clock.advanceMinutes(MEMBER_LOGIN_LINK.TTL_MINUTES - 1);
    expect((await signIn(onTime)).statusCode).toBe(200);
    clock.advanceMinutes(1);
    const expired = await signIn(late);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('This sign-in link is invalid, expired or already used.');

    const password = await call('PATCH', `/${layla}/update-password`, { password: 'Layla-N3w-Passw0rd!' });
    expect(password.statusCode, password.body).toBe(200);
    await expect(loginAs(ctx, user.email, 'Layla-N3w-Passw0rd!')).resolves.toHaveProperty('authorization');
    await expect(loginAs(ctx, user.email)).rejects.toThrow();
    // Unlinked, the member has no login to sign in with or to set.
    await call('PATCH', `/${layla}`, { user: null });
    expect((await call('POST', '/login-url', { member: layla })).statusCode).toBe(409);
    expect((await call('PATCH', `/${layla}/update-password`, { password: 'Layla-N3w-Passw0rd!' })).statusCode).toBe(409);
  });
});
