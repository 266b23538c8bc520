import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, PERMISSION_GROUPS, PERMISSIONS as P, ROLE_CODES, ROLE_PERMISSIONS } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createRole, createSuperAdminRole, createTenant, createUser, loginAs, type Tenant } from '../../../test/factories.js';

// Admin > User Roles over real PostgreSQL and Redis: the matrix applies at the role's users' next request, SUPER_ADMIN
// is locked, a role in use stays, another company's role is a 404, only super access hands out SUPER_ACCESS.

let ctx: TestContext;
let tenant: Tenant;
let admin: { authorization: string };

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  ctx = await createTestApp();
  tenant = await createTenant(ctx);
  const owner = await createUser(ctx, { role: await createSuperAdminRole(ctx, tenant.company), assets: [tenant.asset] });
  admin = await loginAs(ctx, owner.email);
});
afterAll(async () => ctx.close());

describe('user roles', () => {
  it('groups every grantable code once, as the menu is', () => {
    const codes = PERMISSION_GROUPS.flatMap((group) => group.codes);
    expect(new Set(codes).size).toBe(codes.length);
    expect([...codes].sort()).toEqual([...ROLE_PERMISSIONS].sort());
    expect(PERMISSION_GROUPS.find((group) => group.key === 'crm')?.codes).toContain(P.LEADS_REPORT_VIEW);
  });

  it('creates a role, and a matrix change applies at the next request: the report answers 403 at once', async () => {
    const created = await call('POST', '/api/user-roles/create', admin, { name: 'Senior Agent', permissions: [P.LEADS_REPORT_VIEW] });
    expect(created.statusCode, created.body).toBe(201);
    const role = created.json().data as { _id: string; code: string };
    expect(role.code).toBe('SENIOR_AGENT');
    const user = await createUser(ctx, { role: { id: role._id, companyId: tenant.company.id }, assets: [tenant.asset] });
    const session = await loginAs(ctx, user.email);
    expect((await call('GET', '/api/properties/leads/count', session)).statusCode).toBe(200);
    const changed = await call('PATCH', `/api/user-roles/${role._id}/matrix`, admin, {
      name: 'Senior Agent',
      permissions: [P.CUSTOMERS_VIEW],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call('GET', '/api/properties/leads/count', session)).statusCode).toBe(403);
    expect((await call('GET', '/api/customers/count', session)).statusCode).toBe(200);

    const dup = await call('POST', '/api/user-roles/create', admin, { name: 'senior agent', permissions: [] });
    expect(dup.statusCode).toBe(409);
    const inUse = await call('POST', `/api/user-roles/${role._id}/remove`, admin);
    expect(inUse.statusCode).toBe(409);
    await ctx.db.user.delete({ where: { id: user.id } });
    expect((await call('POST', `/api/user-roles/${role._id}/remove`, admin)).statusCode).toBe(200);
    // Each change is in the activity log: created, matrix changed (before and after), removed; a refused one is not.
    const history = await ctx.db.activityLog.findMany({
      where: { subjectType: 'roles', subjectId: role._id },
      orderBy: { createdAt: 'asc' },
    });
    expect(history.map((row) => row.action)).toEqual(['create', 'update', 'delete']);
    expect(history[1]?.changes).toMatchObject({
      before: { permissions: [P.LEADS_REPORT_VIEW] },
      after: { permissions: [P.CUSTOMERS_VIEW] },
    });
  });

  it('locks SUPER_ADMIN, refuses unknown codes, and keeps roles inside the company', async () => {
    const superRole = await ctx.db.role.findFirstOrThrow({ where: { companyId: tenant.company.id, code: ROLE_CODES.SUPER_ADMIN } });
    const edit = await call('PATCH', `/api/user-roles/${superRole.id}/matrix`, admin, { name: 'Boss', permissions: [] });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(ADMIN_MESSAGES.role.superAdminLocked);
    expect((await call('POST', `/api/user-roles/${superRole.id}/remove`, admin)).statusCode).toBe(409);
    const unknown = await call('POST', '/api/user-roles/create', admin, { name: 'X', permissions: ['NOPE'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('VALIDATION_ERROR');

    const foreign = await createRole(ctx, [P.CUSTOMERS_VIEW]);
    expect((await call('GET', `/api/user-roles/${foreign.id}`, admin)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/user-roles/${foreign.id}/matrix`, admin, { name: 'X', permissions: [] })).statusCode).toBe(404);
    const list = await call('GET', '/api/user-roles?filter={"limit":-1}', admin);
    expect(list.json().data.map((r: { _id: string }) => r._id)).not.toContain(foreign.id);
  });

  it('lets nobody hand out a permission they lack, SUPER_ACCESS included', async () => {
    const roleAdmin = await createRole(ctx, [P.ROLES_VIEW, P.CUSTOMERS_VIEW], { company: tenant.company });
    const user = await createUser(ctx, { role: roleAdmin, assets: [tenant.asset] });
    const session = await loginAs(ctx, user.email);
    const escalate = await call('POST', '/api/user-roles/create', session, { name: 'Sneaky', permissions: [P.SUPER_ACCESS] });
    expect(escalate.statusCode).toBe(403);
    const self = await call('PATCH', `/api/user-roles/${roleAdmin.id}/matrix`, session, {
      name: 'Me',
      permissions: [P.ROLES_VIEW, P.SUPER_ACCESS],
    });
    expect(self.statusCode).toBe(403);
    const beyond = await call('POST', '/api/user-roles/create', session, { name: 'Wider', permissions: [P.CUSTOMERS_VIEW, P.DEALS_VIEW] });
    expect(beyond.statusCode).toBe(403);
    expect((await call('POST', '/api/user-roles/create', session, { name: 'Fine', permissions: [P.CUSTOMERS_VIEW] })).statusCode).toBe(201);
  });
});
