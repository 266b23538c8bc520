import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS as P } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createWorld, restAs, type ResourceWorld } from '../../resources/resource-test-kit.js';

// Team members, departments and groups on the generic engine.

let ctx: TestContext;
let world: ResourceWorld;

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createWorld(ctx);
});
afterAll(async () => ctx.close());

describe('teams', () => {
  it('creates departments and members linked inside the asset, and populates them', async () => {
    const api = restAs(ctx, world.admin);
    const dept = (await api.post('teams/departments', { name: 'Sales' })).json().data as { _id: string };
    const manager = await api.post('teams/members', { name: 'Maya', department: dept._id, enabled: true });
    expect(manager.statusCode, manager.body).toBe(201);
    const managerId = manager.json().data._id as string;
    const agent = await api.post('teams/members', {
      name: 'Omar',
      reportedTo: managerId,
      areas: ['Marina'],
      dataSourceCreatedAt: '2026-01-01T10:00:00Z',
    });
    expect(agent.json().data).toMatchObject({
      reportedTo: managerId,
      areas: ['Marina'],
      dataSourceCreatedAt: '2026-01-01T10:00:00.000Z',
      enabled: false,
      leadWeight: 1,
    });
    const group = await ctx.db.group.create({
      data: { assetId: world.assetA.id, companyId: world.company.id, name: 'Top', members: { connect: [{ id: managerId }] } },
    });

    const list = await api.get('teams/members', {
      sort: { name: 1 },
      select: ['name', 'reportedTo'],
      populate: ['department', { path: 'reportedTo', select: ['name'] }, 'groups'],
    });
    expect(list.json().data).toEqual([
      {
        _id: managerId,
        name: 'Maya',
        reportedTo: null,
        department: { _id: dept._id, name: 'Sales', translations: null },
        groups: [{ _id: group.id, name: 'Top' }],
      },
      { _id: agent.json().data._id, name: 'Omar', reportedTo: { _id: managerId, name: 'Maya' }, department: null, groups: [] },
    ]);
    // Managers are the members with no reportedTo.
    expect((await api.get('teams/members', { query: { reportedTo: null }, select: ['name'] })).json().data).toEqual([
      { _id: managerId, name: 'Maya' },
    ]);
    expect((await api.get('teams/groups', { populate: ['members'] })).json().data[0].members).toEqual([
      { _id: managerId, name: 'Maya', enabled: true },
    ]);
  });

  it("keeps a member's BRN and its expiry (the RERA report's people), and refuses an expiry that is no date", async () => {
    const api = restAs(ctx, world.admin);
    const created = await api.post('teams/members', { name: 'Rania', brn: 'BRN-40512', brnExpiresAt: '2027-03-31T19:59:59Z' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data._id as string;
    expect(created.json().data).toMatchObject({ brn: 'BRN-40512', brnExpiresAt: '2027-03-31T19:59:59.000Z' });
    const cleared = await api.patch(`teams/members/${id}`, { brnExpiresAt: null });
    expect(cleared.json().data).toMatchObject({ brn: 'BRN-40512', brnExpiresAt: null });
    const bad = await api.patch(`teams/members/${id}`, { brnExpiresAt: 'next year' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().data)).toEqual(['brnExpiresAt']);
    expect((await ctx.db.teamMember.findUniqueOrThrow({ where: { id } })).brn).toBe('BRN-40512');
  });

  it('refuses links to another asset', async () => {
    const api = restAs(ctx, world.admin);
    const foreignDept = await ctx.db.department.create({
      data: { assetId: world.assetB.id, companyId: world.company.id, name: 'Elsewhere' },
    });
    const res = await api.post('teams/members', { name: 'Zed', department: foreignDept.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual({ department: ['Department not found.'] });
  });

  it('lets the lead form read members but only MEMBERS_VIEW change them', async () => {
    const reader = restAs(ctx, await world.user([P.LEAD_ADD]));
    expect((await reader.get('teams/members', { limit: -1, select: ['name', 'enabled', 'reportedTo'] })).statusCode).toBe(200);
    expect((await reader.post('teams/members', { name: 'No' })).statusCode).toBe(403);
    expect((await reader.get('teams/departments')).statusCode).toBe(403);
    const editor = restAs(ctx, await world.user([P.DEPARTMENTS_VIEW]));
    expect((await editor.post('teams/departments', { name: '  ' })).json()).toMatchObject({
      statusCode: 400,
      data: { name: ['Field should not contain only whitespaces.'] },
    });
  });
});
