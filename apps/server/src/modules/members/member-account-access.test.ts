import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS as P, USER_MANAGEMENT_MESSAGES as UM, type PermissionCode } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createAsset, createRole, createSuperAdminRole, createTenant, createUser, loginAs } from '../../../test/factories.js';
import { csvOf, importAs } from '../imports/testing.js';

// Who may act on a member's user account (docs/product.md 'Managing a user's account'): linking a user as a member's
// login, its password, its one-time sign-in links and its WhatsApp need the caller to manage that user in Admin >
// Users, and never reach a super admin, a root user or a role holding a permission the caller lacks. Through REST,
// tRPC and the member import; each refusal is a 403 in the error envelope that changes nothing.

let ctx: TestContext;
let tenant: Awaited<ReturnType<typeof createTenant>>;
type Person = Awaited<ReturnType<typeof createUser>> & { headers: () => Promise<{ authorization: string }> };
let superAdmin: Person;
let root: Person;
let manager: Person;
let admin: Person;
let agent: Person;
let director: Person;
/** Team members linked (in the database) to the super admin, the root user, the director and the agent. */
const members: Record<'superAdmin' | 'root' | 'director' | 'agent', string> = { superAdmin: '', root: '', director: '', agent: '' };

const ADMIN_CODES: PermissionCode[] = [P.MEMBERS_VIEW, P.USERS_VIEW, P.LEAD_ADD, P.LEADS_REPORT_VIEW];

async function person(codes: PermissionCode[] | 'super', fullName: string, extra: { isRootUser?: boolean } = {}): Promise<Person> {
  const role =
    codes === 'super' ? await createSuperAdminRole(ctx, tenant.company) : await createRole(ctx, codes, { company: tenant.company });
  const user = await createUser(ctx, { role, assets: [tenant.asset], fullName, ...extra });
  return { ...user, headers: () => loginAs(ctx, user.email) };
}

async function memberOf(user: { id: string; fullName: string }): Promise<string> {
  const row = await ctx.db.teamMember.create({
    data: { companyId: tenant.company.id, assetId: tenant.asset.id, name: user.fullName, userId: user.id, enabled: true },
  });
  return row.id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  tenant = await createTenant(ctx);
  superAdmin = await person('super', 'Sara Super');
  root = await person([P.LEAD_ADD], 'Rami Root', { isRootUser: true });
  // The demo Manager's shape: the team without Admin > Users.
  manager = await person([P.MEMBERS_VIEW, P.LEAD_ADD, P.LEADS_REPORT_VIEW], 'Mona Manager');
  admin = await person(ADMIN_CODES, 'Adam Admin');
  agent = await person([P.LEAD_ADD], 'Aya Agent');
  // A role with one permission the admin lacks.
  director = await person([...ADMIN_CODES, P.DEALS_VIEW], 'Dina Director');
  members.superAdmin = await memberOf(superAdmin);
  members.root = await memberOf(root);
  members.director = await memberOf(director);
  members.agent = await memberOf(agent);
});
afterAll(async () => ctx.close());

const rest = async (as: Person, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/teams/members${path}`, headers: await as.headers(), ...(payload ? { payload } : {}) });
const trpc = async (as: Person, procedure: string, input: object) =>
  ctx.app.inject({
    method: 'POST',
    url: `/trpc/members.${procedure}`,
    headers: { ...(await as.headers()), 'content-type': 'application/json' },
    payload: JSON.stringify(input),
  });

/** A refusal through REST: 403 in the envelope with the rule's message. */
function expectRefused(res: { statusCode: number; json: () => { code: string; message: string } }, message: string) {
  expect(res.statusCode).toBe(403);
  expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message });
}
/** A refusal through tRPC: FORBIDDEN with the same message. */
function expectTrpcRefused(
  res: { statusCode: number; json: () => { error: { message: string; data: { code: string } } } },
  message: string,
) {
  expect(res.statusCode).toBe(403);
  expect(res.json().error).toMatchObject({ message, data: { code: 'FORBIDDEN' } });
}

const passwordHashOf = async (id: string) => (await ctx.db.user.findUniqueOrThrow({ where: { id } })).passwordHash;

describe('a manager without Admin > Users', () => {
  it('is offered no user to link, and the member form still shows a linked login (flagged out of reach)', async () => {
    const found = await rest(manager, 'GET', '/users?search=sara');
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data).toEqual([]);
    expect((await rest(manager, 'GET', '/users')).json().data).toEqual([]);
    const shown = await rest(manager, 'GET', `/users?include=${superAdmin.id}`);
    expect(shown.json().data).toEqual([expect.objectContaining({ _id: superAdmin.id, manageable: false })]);
    const viaTrpc = await ctx.app.inject({
      method: 'GET',
      url: `/trpc/members.userOptions?input=${encodeURIComponent(JSON.stringify({ search: 'sara' }))}`,
      headers: await manager.headers(),
    });
    expect(viaTrpc.json().result.data.data).toEqual([]);
    // A search PostgreSQL cannot hold is the caller's 400, not a 500.
    const nul = await rest(manager, 'GET', `/users?search=${encodeURIComponent('a\u0000b')}`);
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { search: ['The search has a character that cannot be searched.'] },
    });
  });

  it('cannot link the super admin (or anyone) as a member, through REST or tRPC: nothing is stored', async () => {
    expectRefused(await rest(manager, 'POST', '', { name: 'Takeover', user: superAdmin.id }), UM.noUsersAccess);
    expectTrpcRefused(await trpc(manager, 'create', { name: 'Takeover', user: superAdmin.id }), UM.noUsersAccess);
    expectRefused(await rest(manager, 'POST', '', { name: 'Takeover', user: agent.id }), UM.noUsersAccess);
    expect(await ctx.db.teamMember.count({ where: { name: 'Takeover' } })).toBe(0);
    const plain = await rest(manager, 'POST', '', { name: 'Unlinked Member' });
    expect(plain.statusCode, plain.body).toBe(201);
    const relink = await rest(manager, 'PATCH', `/${plain.json().data._id}`, { user: superAdmin.id });
    expect(relink.statusCode).toBe(403);
    expect(relink.json().data).toEqual({ user: [UM.noUsersAccess] });
    expect((await ctx.db.teamMember.findUniqueOrThrow({ where: { id: plain.json().data._id } })).userId).toBeNull();
    // Editing a member linked to an account out of reach, without touching the link, is the team's work.
    const renamed = await rest(manager, 'PATCH', `/${members.superAdmin}`, { designation: 'Founder', user: superAdmin.id });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it("cannot set the super admin's password, make or revoke a sign-in link, or set the WhatsApp of that login", async () => {
    const before = await passwordHashOf(superAdmin.id);
    const id = members.superAdmin;
    expectRefused(await rest(manager, 'PATCH', `/${id}/update-password`, { password: 'Takeover-Passw0rd!' }), UM.noUsersAccess);
    expectTrpcRefused(await trpc(manager, 'updatePassword', { id, password: 'Takeover-Passw0rd!' }), UM.noUsersAccess);
    expectRefused(await rest(manager, 'POST', '/login-url', { member: id }), UM.noUsersAccess);
    expectTrpcRefused(await trpc(manager, 'createLoginUrl', { member: id }), UM.noUsersAccess);
    expectRefused(await rest(manager, 'DELETE', `/${id}/login-url`), UM.noUsersAccess);
    expectTrpcRefused(await trpc(manager, 'revokeLoginUrl', { id }), UM.noUsersAccess);
    expectRefused(
      await rest(manager, 'PATCH', `/whatsapp-config/${id}`, { enabled: false, whatsappNumber: '501234567' }),
      UM.noUsersAccess,
    );
    expect(await passwordHashOf(superAdmin.id)).toBe(before);
    expect(await ctx.db.memberLoginLink.count({ where: { memberId: id } })).toBe(0);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: superAdmin.email, password: superAdmin.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    const rejected = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: superAdmin.email, password: 'Takeover-Passw0rd!' },
    });
    expect(rejected.statusCode).toBe(401);
  });
});

describe('an admin with Admin > Users', () => {
  it('is offered the users within reach only: not the super admin, the root user, nor a role with more permissions', async () => {
    const all = (await rest(admin, 'GET', '/users')).json().data as { _id: string; manageable: boolean }[];
    const ids = all.map((user) => user._id);
    expect(ids).toEqual(expect.arrayContaining([agent.id, admin.id, manager.id]));
    expect(ids).not.toContain(superAdmin.id);
    expect(ids).not.toContain(root.id);
    expect(ids).not.toContain(director.id);
    expect(all.every((user) => user.manageable)).toBe(true);
    // The super admin sees everyone but the root user; the root user everyone.
    const bySuper = ((await rest(superAdmin, 'GET', '/users')).json().data as { _id: string }[]).map((u) => u._id);
    expect(bySuper).toEqual(expect.arrayContaining([superAdmin.id, director.id]));
    expect(bySuper).not.toContain(root.id);
    const byRoot = ((await rest(root, 'GET', '/users')).json().data as { _id: string }[]).map((u) => u._id);
    expect(byRoot).toEqual(expect.arrayContaining([root.id, superAdmin.id]));
  });

  it('cannot reach the super admin, the root user or the director, through any of the calls', async () => {
    for (const [key, message] of [
      ['superAdmin', UM.superAdmin],
      ['root', UM.rootUser],
      ['director', UM.morePermissions],
    ] as const) {
      const id = members[key];
      expectRefused(await rest(admin, 'PATCH', `/${id}/update-password`, { password: 'Takeover-Passw0rd!' }), message);
      expectRefused(await rest(admin, 'POST', '/login-url', { member: id }), message);
      expectTrpcRefused(await trpc(admin, 'createLoginUrl', { member: id }), message);
      expectRefused(await rest(admin, 'DELETE', `/${id}/login-url`), message);
    }
    const target = { superAdmin, root, director };
    for (const key of ['superAdmin', 'root', 'director'] as const) {
      const linked = await rest(admin, 'POST', '', { name: `Second ${key}`, user: target[key].id });
      expect(linked.statusCode).toBe(403);
    }
    expect(await ctx.db.teamMember.count({ where: { name: { startsWith: 'Second ' } } })).toBe(0);
    expect(await ctx.db.memberLoginLink.count({ where: { creatorId: admin.id } })).toBe(0);
  });

  it("sets a user's password under them: their sessions end, they are mailed who did it, and an activity row names the admin", async () => {
    const agentSession = await agent.headers();
    const res = await rest(admin, 'PATCH', `/${members.agent}/update-password`, { password: 'Aya-N3w-Passw0rd!' });
    expect(res.statusCode, res.body).toBe(200);
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: agentSession });
    expect(profile.statusCode).toBe(401);
    await expect(loginAs(ctx, agent.email, 'Aya-N3w-Passw0rd!')).resolves.toHaveProperty('authorization');
    const mail = ctx.mailer.last(agent.email);
    expect(mail?.subject).toBe('Your CRM password was changed');
    expect(mail?.text).toContain('changed by Adam Admin');
    expect(mail?.about).toMatchObject({ kind: 'passwordChanged', userId: agent.id });
    const row = await ctx.db.activityLog.findFirst({
      where: { subjectId: members.agent, userId: admin.id },
      orderBy: { createdAt: 'desc' },
    });
    expect(row?.changes).toMatchObject({ after: { password: 'changed', user: agent.id, sessionsEnded: true } });
    agent.password = 'Aya-N3w-Passw0rd!';
    agent.headers = () => loginAs(ctx, agent.email, 'Aya-N3w-Passw0rd!');
  });

  it('makes a sign-in link for a user under them: their other sessions end and they are mailed', async () => {
    const agentSession = await agent.headers();
    const res = await trpc(admin, 'createLoginUrl', { member: members.agent });
    expect(res.statusCode, res.body).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: agentSession })).statusCode).toBe(401);
    const mail = ctx.mailer.last(agent.email);
    expect(mail?.subject).toBe('A sign-in link to your CRM account was made');
    expect(mail?.text).toContain('Adam Admin made a one-time sign-in link');
    expect(mail?.text).not.toContain(new URL(res.json().result.data.data.url).searchParams.get('token') ?? 'no token');
    const row = await ctx.db.activityLog.findFirst({
      where: { subjectId: members.agent, userId: admin.id },
      orderBy: { createdAt: 'desc' },
    });
    expect(row?.changes).toMatchObject({ after: { loginLink: 'created', user: agent.id, sessionsEnded: true } });
    const revoked = await rest(admin, 'DELETE', `/${members.agent}/login-url`);
    expect(revoked.json().data).toEqual({ member: members.agent, revoked: 1 });
  });

  it('a sign-in link stops working when its maker may no longer act on the account (a role changed since)', async () => {
    const user = await person([P.LEAD_ADD], 'Paul Promoted');
    const member = await memberOf(user);
    const made = await rest(admin, 'POST', '/login-url', { member });
    expect(made.statusCode, made.body).toBe(200);
    const token = new URL(made.json().data.url).searchParams.get('token') ?? '';
    // Promoted meanwhile to a role with a permission the admin lacks.
    const promoted = await createRole(ctx, [P.LEAD_ADD, P.DEALS_VIEW], { company: tenant.company });
    await ctx.db.user.update({ where: { id: user.id }, data: { roleId: promoted.id } });
    const used = await ctx.app.inject({ method: 'POST', url: '/api/teams/members/login-url/sign-in', payload: { token } });
    expect(used.statusCode).toBe(401);
    expect(used.json().message).toBe('This sign-in link is invalid, expired or already used.');
  });

  it('links a user under them as a new member', async () => {
    const user = await person([P.LEAD_ADD], 'Lina Linked');
    const res = await rest(admin, 'POST', '', { name: 'Lina Linked', user: user.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.user).toBe(user.id);
  });
});

describe('the member import', () => {
  it('refuses, per row, a login the importer may not manage, and links one they may', async () => {
    const lina = await createUser(ctx, {
      role: await createRole(ctx, [P.LEAD_ADD], { company: tenant.company }),
      assets: [tenant.asset],
      fullName: 'Imported Login',
    });
    const file = {
      name: 'members.csv',
      data: csvOf([
        ['Name', 'Email', 'User'],
        ['Import Super', 'import-super@example.com', superAdmin.email.toUpperCase()],
        ['Import Director', 'import-director@example.com', director.email],
        ['Import Agent', 'import-agent@example.com', lina.email],
        ['Import Nobody', 'import-nobody@example.com', 'nobody@example.com'],
      ]),
    };
    const adminCaller = { headers: await admin.headers(), userId: admin.id };
    // The dry run says so already, before anything is written.
    const checked = (await importAs(ctx, adminCaller, 'teams/members').dryRun(file)).json().data;
    expect(checked).toMatchObject({ total: 4, valid: 1, invalid: 3 });
    expect(checked.errors).toEqual(
      expect.arrayContaining([
        { row: 2, field: 'user', message: UM.superAdmin },
        { row: 3, field: 'user', message: UM.morePermissions },
      ]),
    );
    const result = await importAs(ctx, adminCaller, 'teams/members').run(file);
    expect(result).toMatchObject({ status: 'completed', created: 1, failed: 3 });
    expect(result.errors).toEqual([
      { row: 2, field: 'user', message: UM.superAdmin },
      { row: 3, field: 'user', message: UM.morePermissions },
      { row: 5, field: 'user', message: expect.stringContaining('nobody@example.com') },
    ]);
    const made = await ctx.db.teamMember.findMany({ where: { email: { startsWith: 'import-' } }, select: { name: true, userId: true } });
    expect(made).toEqual([{ name: 'Import Agent', userId: lina.id }]);

    const managerCaller = { headers: await manager.headers(), userId: manager.id };
    const byManager = await importAs(ctx, managerCaller, 'teams/members').run({
      name: 'members.csv',
      data: csvOf([
        ['Name', 'Email', 'User'],
        ['Manager Import', 'manager-import@example.com', superAdmin.email],
      ]),
    });
    expect(byManager).toMatchObject({ created: 0, failed: 1, errors: [{ row: 2, field: 'user', message: UM.noUsersAccess }] });
  });
});

describe('Admin > Users and roles, the same rule', () => {
  it('an admin cannot reset, edit or disable a user with more permissions, nor give a role beyond their own', async () => {
    const headers = await admin.headers();
    const call = (method: 'POST' | 'PATCH', url: string, payload?: object) =>
      ctx.app.inject({ method, url: `/api/${url}`, headers, ...(payload ? { payload } : {}) });
    expectRefused(await call('POST', `users/${director.id}/reset-password`), UM.morePermissions);
    expectRefused(await call('PATCH', `users/${director.id}/account`, { fullName: 'Renamed' }), UM.morePermissions);
    expectRefused(await call('PATCH', `users/${director.id}/status`, { enabled: false }), UM.morePermissions);
    expectRefused(await call('POST', `users/${root.id}/reset-password`), UM.rootUser);
    expect(await passwordHashOf(director.id)).not.toBe('');
    const directorRole = await ctx.db.user.findUniqueOrThrow({ where: { id: director.id }, select: { roleId: true } });
    expectRefused(await call('PATCH', `users/${admin.id}/account`, { role: directorRole.roleId }), UM.roleBeyondCaller);
    const invited = await call('POST', 'users/invite', {
      email: 'beyond@example.com',
      fullName: 'Beyond',
      role: directorRole.roleId,
      assets: [tenant.asset.id],
    });
    expectRefused(invited, UM.roleBeyondCaller);
    expect(await ctx.db.user.count({ where: { email: 'beyond@example.com' } })).toBe(0);
    // Within reach, the admin's work goes on.
    const reset = await call('POST', `users/${manager.id}/reset-password`);
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it('a role admin cannot give a role a permission they lack', async () => {
    const roleAdmin = await person([P.ROLES_VIEW, P.LEAD_ADD], 'Rita Roles');
    const headers = await roleAdmin.headers();
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/user-roles/create',
      headers,
      payload: { name: 'Escalated', permissions: [P.LEAD_ADD, P.USERS_VIEW] },
    });
    expectRefused(created, UM.roleBeyondCaller);
    const own = await ctx.db.user.findUniqueOrThrow({ where: { id: roleAdmin.id }, select: { roleId: true } });
    const widened = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/user-roles/${own.roleId}/matrix`,
      headers,
      payload: { name: 'Rita Roles', permissions: [P.ROLES_VIEW, P.LEAD_ADD, P.USERS_VIEW] },
    });
    expectRefused(widened, UM.roleBeyondCaller);
    expect((await ctx.db.role.findUniqueOrThrow({ where: { id: own.roleId } })).permissions).not.toContain(P.USERS_VIEW);
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/user-roles/create',
      headers,
      payload: { name: 'Within Reach', permissions: [P.LEAD_ADD] },
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('another company never sees these users', async () => {
    const other = await createTenant(ctx);
    const otherAsset = await createAsset(ctx, { company: other.company });
    const otherAdmin = await createUser(ctx, { role: await createSuperAdminRole(ctx, other.company), assets: [otherAsset] });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/teams/members/users?include=${superAdmin.id}`,
      headers: await loginAs(ctx, otherAdmin.email),
    });
    expect(res.json().data.map((u: { _id: string }) => u._id)).not.toContain(superAdmin.id);
  });
});
