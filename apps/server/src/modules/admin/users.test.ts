import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, PERMISSIONS as P, ROLE_CODES } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createRole, createSuperAdminRole, createTenant, createUser, loginAs, type Tenant } from '../../../test/factories.js';

// Admin > Users over real PostgreSQL and Redis, through the HTTP door: invite -> accept -> sign in, disable -> the
// old token answers 401 at its next request, role change -> 403 at once, company isolation, the last super admin.

let ctx: TestContext;
let tenant: Tenant;
let other: Tenant;
let admin: { authorization: string };
let adminId: string;
let agentRoleId: string;
let managerRoleId: string;

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

beforeAll(async () => {
  ctx = await createTestApp();
  tenant = await createTenant(ctx);
  other = await createTenant(ctx);
  const superRole = await createSuperAdminRole(ctx, tenant.company);
  const owner = await createUser(ctx, { role: superRole, assets: [tenant.asset] });
  adminId = owner.id;
  admin = await loginAs(ctx, owner.email);
  agentRoleId = (await createRole(ctx, [P.LEADS_REPORT_VIEW, P.CUSTOMERS_VIEW], { company: tenant.company, name: 'Agent' })).id;
  managerRoleId = (await createRole(ctx, [P.CUSTOMERS_VIEW, P.USERS_VIEW], { company: tenant.company, name: 'Manager' })).id;
});
afterAll(async () => ctx.close());

async function invite(email: string, role = agentRoleId) {
  const res = await call('POST', '/api/users/invite', admin, { email, fullName: 'Nadia Invited', role, assets: [tenant.asset.id] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { user: { _id: string; enabled: boolean; assets: string[] }; link: string; expiresAt: string };
}

describe('users', () => {
  it('invites a user, who accepts the link once, is signed in, and can sign in with the password', async () => {
    const invited = await invite('nadia@example.com');
    expect(invited.link).toContain('/auth/accept-invite?token=');
    // The invitation also went by mail, with the same link; the activity log has the new user.
    const mail = ctx.mailer.last('nadia@example.com');
    expect(mail?.text).toContain(invited.link);
    expect(mail?.subject).toContain('invited you');
    const logged = await ctx.db.activityLog.findFirst({ where: { subjectType: 'users', subjectId: invited.user._id, action: 'create' } });
    expect(logged?.changes).toMatchObject({ after: { email: 'nadia@example.com', role: agentRoleId } });
    expect(invited.user).toMatchObject({ enabled: true, assets: [tenant.asset.id] });
    const token = tokenOf(invited.link);
    const rows = await ctx.db.passwordResetToken.findMany({ where: { userId: invited.user._id } });
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);

    // Before accepting, no password signs in.
    const early = await call('POST', '/api/auth/login', {}, { email: 'nadia@example.com', password: 'anything-at-all' });
    expect(early.statusCode).toBe(401);

    const accepted = await call('POST', '/api/auth/accept-invite', {}, { token, password: 'Str0ng-Passw0rd!' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const session = { authorization: `Bearer ${accepted.json().data.access_token}` };
    const profile = await call('GET', '/api/profile', session);
    expect(profile.statusCode, profile.body).toBe(200);

    const again = await call('POST', '/api/auth/accept-invite', {}, { token, password: 'Other-Passw0rd!' });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(ADMIN_MESSAGES.invite.invalid);

    const login = await call('POST', '/api/auth/login', {}, { email: 'nadia@example.com', password: 'Str0ng-Passw0rd!' });
    expect(login.statusCode, login.body).toBe(200);
    const listed = await call('GET', '/api/users?filter={"populate":["role"]}', admin);
    const row = listed.json().data.find((u: { _id: string }) => u._id === invited.user._id);
    expect(row.lastLoginAt).not.toBeNull();
    expect(row.role).toMatchObject({ _id: agentRoleId, name: 'Agent' });
  });

  it('refuses an expired or unknown invitation link, a short password and a taken email', async () => {
    const invited = await invite('late@example.com');
    await ctx.db.passwordResetToken.updateMany({ where: { userId: invited.user._id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await call('POST', '/api/auth/accept-invite', {}, { token: tokenOf(invited.link), password: 'Str0ng-Passw0rd!' });
    expect(expired.statusCode).toBe(401);
    const unknown = await call('POST', '/api/auth/accept-invite', {}, { token: 'x'.repeat(43), password: 'Str0ng-Passw0rd!' });
    expect(unknown.statusCode).toBe(401);
    const short = await call('POST', '/api/auth/accept-invite', {}, { token: 'x'.repeat(43), password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('VALIDATION_ERROR');
    const taken = await call('POST', '/api/users/invite', admin, {
      email: 'late@example.com',
      fullName: 'Dup',
      role: agentRoleId,
      assets: [],
    });
    expect(taken.statusCode).toBe(409);
  });

  it('creates a user with a password the admin chose, who signs in with it', async () => {
    const body = {
      email: 'omar@example.com',
      fullName: 'Omar Created',
      role: agentRoleId,
      assets: [tenant.asset.id],
      password: 'Chosen-Passw0rd!',
    };
    const created = await call('POST', '/api/users/create', admin, body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ email: 'omar@example.com', role: agentRoleId, assets: [tenant.asset.id] });
    expect((await call('POST', '/api/auth/login', {}, { email: 'omar@example.com', password: 'Chosen-Passw0rd!' })).statusCode).toBe(200);
    const blank = await call('POST', '/api/users/create', admin, { ...body, email: 'x@example.com', fullName: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json().data)).toEqual(['fullName']);
  });

  it('disables a user: the old token answers 401 at its next request; enabling lets them sign in again', async () => {
    const user = await createUser(ctx, { role: { id: agentRoleId, companyId: tenant.company.id }, assets: [tenant.asset] });
    const session = await loginAs(ctx, user.email);
    expect((await call('GET', '/api/profile', session)).statusCode).toBe(200);
    const off = await call('PATCH', `/api/users/${user.id}/status`, admin, { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.enabled).toBe(false);
    expect((await call('GET', '/api/profile', session)).statusCode).toBe(401);
    const denied = await call('POST', '/api/auth/login', {}, { email: user.email, password: user.password });
    expect(denied.statusCode).toBe(401);
    expect((await call('PATCH', `/api/users/${user.id}/status`, admin, { enabled: true })).statusCode).toBe(200);
    expect((await call('GET', '/api/profile', await loginAs(ctx, user.email))).statusCode).toBe(200);
  });

  it('changes a role: the report answers 403 at the next request', async () => {
    const user = await createUser(ctx, { role: { id: agentRoleId, companyId: tenant.company.id }, assets: [tenant.asset] });
    const session = await loginAs(ctx, user.email);
    expect((await call('GET', '/api/properties/leads/count', session)).statusCode).toBe(200);
    const changed = await call('PATCH', `/api/users/${user.id}/account`, admin, { role: managerRoleId });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call('GET', '/api/properties/leads/count', session)).statusCode).toBe(403);
  });

  it('resets a password: sessions end, the old password stops, the link sets a new one', async () => {
    const user = await createUser(ctx, { role: { id: agentRoleId, companyId: tenant.company.id }, assets: [tenant.asset] });
    const session = await loginAs(ctx, user.email);
    const reset = await call('POST', `/api/users/${user.id}/reset-password`, admin);
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await call('GET', '/api/profile', session)).statusCode).toBe(401);
    expect((await call('POST', '/api/auth/login', {}, { email: user.email, password: user.password })).statusCode).toBe(401);
    const accepted = await call(
      'POST',
      '/api/auth/accept-invite',
      {},
      { token: tokenOf(reset.json().data.link), password: 'Fresh-Passw0rd!' },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    // The user got the same link by mail (and the notification log has it), not only the admin.
    const mail = ctx.mailer.last(user.email);
    expect(mail?.subject).toBe('Your CRM password was reset');
    expect(mail?.text).toContain(reset.json().data.link);
    await expect
      .poll(() => ctx.db.notificationLog.findFirst({ where: { recipient: user.email, kind: 'adminPasswordReset' } }))
      .toMatchObject({ status: 'sent', companyId: tenant.company.id, userId: user.id });
  });

  it('refuses a guessable password for a new user with the policy’s message, storing nothing', async () => {
    const body = { email: 'weak@example.com', fullName: 'Weak Pass', role: agentRoleId, assets: [], password: 'Password123!' };
    const weak = await call('POST', '/api/users/create', admin, body);
    expect(weak.statusCode).toBe(400);
    expect(weak.json().data).toEqual({ password: [ADMIN_MESSAGES.settings.passwordWeak] });
    expect(await ctx.db.user.count({ where: { email: 'weak@example.com' } })).toBe(0);
  });

  it('stores an invited or created user with its link and activity row, or nothing at all', async () => {
    // A database that refuses the activity row of one email: the write fails at its last step.
    await ctx.db.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION refuse_atomic_user() RETURNS trigger AS $$
      BEGIN IF NEW."subjectType" = 'users' AND NEW.changes->'after'->>'email' LIKE 'atomic-%' THEN RAISE EXCEPTION 'refused'; END IF;
      RETURN NEW; END $$ LANGUAGE plpgsql`);
    await ctx.db.$executeRawUnsafe(
      'CREATE TRIGGER refuse_atomic_user BEFORE INSERT ON "ActivityLog" FOR EACH ROW EXECUTE FUNCTION refuse_atomic_user()',
    );
    try {
      const sent = ctx.mailer.sent.length;
      const invited = await call('POST', '/api/users/invite', admin, {
        email: 'atomic-1@example.com',
        fullName: 'A',
        role: agentRoleId,
        assets: [],
      });
      expect(invited.statusCode).toBe(500);
      const created = await call('POST', '/api/users/create', admin, {
        email: 'atomic-2@example.com',
        fullName: 'B',
        role: agentRoleId,
        assets: [tenant.asset.id],
        password: 'Chosen-Passw0rd!',
      });
      expect(created.statusCode).toBe(500);
      expect(await ctx.db.user.count({ where: { email: { startsWith: 'atomic-' } } })).toBe(0);
      expect(await ctx.db.passwordResetToken.count({ where: { user: { email: { startsWith: 'atomic-' } } } })).toBe(0);
      // No mail for an invitation that does not exist.
      expect(ctx.mailer.sent.length).toBe(sent);
    } finally {
      await ctx.db.$executeRawUnsafe('DROP TRIGGER refuse_atomic_user ON "ActivityLog"');
    }
  });

  it("keeps users inside their company: another company's user, role or asset is refused", async () => {
    const foreignRole = await createSuperAdminRole(ctx, other.company);
    const foreign = await createUser(ctx, { role: foreignRole, assets: [other.asset] });
    expect((await call('GET', `/api/users/${foreign.id}`, admin)).statusCode).toBe(404);
    expect((await call('GET', `/api/users/${foreign.id}/detail`, admin)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/users/${foreign.id}/status`, admin, { enabled: false })).statusCode).toBe(404);
    const list = await call('GET', '/api/users?filter={"limit":-1}', admin);
    expect(list.json().data.map((u: { _id: string }) => u._id)).not.toContain(foreign.id);
    // Another company's role or asset is a 404 like a missing one, on every call that names one; nothing is stored.
    const body = { email: 'x@example.com', fullName: 'X', role: agentRoleId, assets: [tenant.asset.id] };
    const refused = [
      ['POST', '/api/users/invite', { ...body, role: foreignRole.id }, ADMIN_MESSAGES.user.roleNotFound],
      ['POST', '/api/users/invite', { ...body, assets: [other.asset.id] }, ADMIN_MESSAGES.user.assetNotFound],
      ['POST', '/api/users/create', { ...body, password: 'Chosen-Passw0rd!', role: foreignRole.id }, ADMIN_MESSAGES.user.roleNotFound],
      ['POST', '/api/users/create', { ...body, password: 'Chosen-Passw0rd!', assets: [other.asset.id] }, ADMIN_MESSAGES.user.assetNotFound],
      ['PATCH', `/api/users/${adminId}/account`, { role: foreignRole.id }, ADMIN_MESSAGES.user.roleNotFound],
      ['PATCH', `/api/users/${adminId}/account`, { assets: [other.asset.id] }, ADMIN_MESSAGES.user.assetNotFound],
    ] as const;
    for (const [method, url, payload, message] of refused) {
      const res = await call(method, url, admin, payload);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message });
    }
    expect(await ctx.db.user.count({ where: { email: 'x@example.com' } })).toBe(0);
  });

  it('refuses to leave the company without an enabled super admin, and a non-super admin handing out super roles', async () => {
    const superRole = await ctx.db.role.findFirstOrThrow({ where: { companyId: tenant.company.id, code: ROLE_CODES.SUPER_ADMIN } });
    const second = await createUser(ctx, { role: superRole, assets: [tenant.asset] });
    const secondSession = await loginAs(ctx, second.email);
    // Two super admins: one may demote the other, not the last.
    expect((await call('PATCH', `/api/users/${adminId}/account`, secondSession, { role: agentRoleId })).statusCode).toBe(200);
    const last = await call('PATCH', `/api/users/${second.id}/account`, admin, { role: agentRoleId });
    expect(last.statusCode).toBe(403); // the demoted admin no longer holds USERS_VIEW
    const self = await call('PATCH', `/api/users/${second.id}/status`, secondSession, { enabled: false });
    expect(self.statusCode).toBe(409);
    const lone = await call('PATCH', `/api/users/${second.id}/account`, secondSession, { role: agentRoleId });
    expect(lone.statusCode).toBe(409);
    expect(lone.json().message).toBe(ADMIN_MESSAGES.role.lastSuperAdmin);
    expect((await call('PATCH', `/api/users/${adminId}/account`, secondSession, { role: superRole.id })).statusCode).toBe(200);

    const manager = await createUser(ctx, { role: { id: managerRoleId, companyId: tenant.company.id }, assets: [tenant.asset] });
    const managerSession = await loginAs(ctx, manager.email);
    const escalate = await call('PATCH', `/api/users/${manager.id}/account`, managerSession, { role: superRole.id });
    expect(escalate.statusCode).toBe(403);
    expect((await call('PATCH', `/api/users/${second.id}/status`, managerSession, { enabled: false })).statusCode).toBe(403);
  });
});
