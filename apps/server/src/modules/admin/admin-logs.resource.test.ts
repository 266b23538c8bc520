import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS as P } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createTenant } from '../../../test/factories.js';
import { createWorld, restAs, type ResourceWorld } from '../../resources/resource-test-kit.js';

// Users Access Logs (SUPER_ACCESS or USERS_VIEW) and Activity Logs (SUPER_ACCESS): read-only, company-wide.

let ctx: TestContext;
let world: ResourceWorld;

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createWorld(ctx);
  const other = await createTenant(ctx);
  await ctx.db.accessLog.create({ data: { companyId: other.company.id, email: 'stranger@example.com', action: 'login', success: true } });
  await ctx.db.accessLog.create({
    data: { companyId: world.company.id, email: 'intruder@example.com', action: 'login', success: false, reason: 'bad password' },
  });
  await ctx.db.activityLog.create({
    data: { companyId: world.company.id, assetId: world.assetB.id, action: 'update', subjectType: 'Lead', subjectId: 'L-1' },
  });
  await ctx.db.activityLog.create({ data: { companyId: other.company.id, action: 'update', subjectType: 'Lead' } });
});
afterAll(async () => ctx.close());

describe('admin logs', () => {
  it("shows the company's access logs, newest first, to USERS_VIEW", async () => {
    const api = restAs(ctx, await world.user([P.USERS_VIEW]));
    const list = await api.get('users-access-logs', { limit: -1 });
    expect(list.statusCode).toBe(200);
    const emails = list.json().data.map((r: { email: string }) => r.email);
    expect(emails).toContain('intruder@example.com');
    expect(emails).not.toContain('stranger@example.com');
    expect((await api.get('users-access-logs', { query: { success: false }, select: ['email', 'reason'] })).json().data).toEqual([
      { _id: expect.any(String), email: 'intruder@example.com', reason: 'bad password' },
    ]);
    expect((await api.get('users-access-logs/distinct/action')).json().data).toContain('login');
    expect((await api.post('users-access-logs', {})).statusCode).toBe(404);
    expect((await restAs(ctx, await world.user([P.MEMBERS_VIEW])).get('users-access-logs')).statusCode).toBe(403);
  });

  it('shows activity logs of every asset of the company to super access only', async () => {
    const list = await restAs(ctx, world.admin).get('activity-logs');
    expect(list.json().data).toEqual([expect.objectContaining({ subjectType: 'Lead', subjectId: 'L-1', asset: world.assetB.id })]);
    expect((await restAs(ctx, await world.user([P.USERS_VIEW])).get('activity-logs')).statusCode).toBe(403);
  });
});
