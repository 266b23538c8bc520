import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_SETTING_DEFAULTS } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createAsset, createRole, createSuperAdminRole, createTenant, createUser, loginAs } from '../../../test/factories.js';

// GET /api/assets and PATCH /api/assets/{id}/settings over real PostgreSQL.

describe('assets', () => {
  let ctx: TestContext;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let zulu: Awaited<ReturnType<typeof createAsset>>;
  let bravo: Awaited<ReturnType<typeof createAsset>>;
  let foreign: Awaited<ReturnType<typeof createTenant>>;

  beforeAll(async () => {
    ctx = await createTestApp();
    tenant = await createTenant(ctx, { assetName: 'Mike Office' });
    zulu = await createAsset(ctx, { company: tenant.company, name: 'Zulu Office' });
    bravo = await createAsset(ctx, { company: tenant.company, name: 'Bravo Office' });
    foreign = await createTenant(ctx, { assetName: 'Alpha Elsewhere' });
  });
  afterAll(async () => ctx.close());

  const get = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/assets', headers });
  const patch = (id: string, headers: Record<string, string>, payload: object) =>
    ctx.app.inject({ method: 'PATCH', url: `/api/assets/${id}/settings`, headers, payload });

  describe('GET /api/assets', () => {
    it('lists every company asset, name ascending, for super access (SUPER_ACCESS, SUPER_ADMIN, root)', async () => {
      const superAccess = await createRole(ctx, ['SUPER_ACCESS'], { company: tenant.company });
      const superAdmin = await createSuperAdminRole(ctx, tenant.company);
      const plain = await createRole(ctx, [], { company: tenant.company });
      const users = [
        await createUser(ctx, { role: superAccess, assets: [zulu] }),
        await createUser(ctx, { role: superAdmin, assets: [] }),
        await createUser(ctx, { role: plain, assets: [zulu], isRootUser: true }),
      ];
      for (const user of users) {
        const res = await get(await loginAs(ctx, user.email));
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.data.map((a: { name: string }) => a.name)).toEqual(['Bravo Office', 'Mike Office', 'Zulu Office']);
        expect(body.meta).toEqual({
          total: 3,
          offset: 0,
          limit: 3,
          totalPages: 1,
          page: 1,
          from: 1,
          hasPrevPage: false,
          hasNextPage: false,
          prev: null,
          next: null,
        });
      }
    });

    it('lists only the user’s own assets otherwise, with their settings', async () => {
      const role = await createRole(ctx, ['LEADS_REPORT_VIEW'], { company: tenant.company });
      const user = await createUser(ctx, { role, assets: [zulu, tenant.asset] });
      const body = (await get(await loginAs(ctx, user.email))).json();
      expect(body.data.map((a: { _id: string }) => a._id)).toEqual([tenant.asset.id, zulu.id]);
      expect(body.data[0]).toEqual({
        _id: tenant.asset.id,
        name: 'Mike Office',
        company: tenant.company.id,
        timezone: 'Asia/Dubai',
        currencyCode: 'AED',
        initialSlaMinutes: LEAD_SETTING_DEFAULTS.initialSlaMinutes,
        freePoolSlaMinutes: LEAD_SETTING_DEFAULTS.freePoolSlaMinutes,
        assignmentStrategy: LEAD_SETTING_DEFAULTS.assignmentStrategy,
        dailyLeadQuota: LEAD_SETTING_DEFAULTS.dailyLeadQuota,
        workingHours: null,
        slaWorkingHoursOnly: true,
        excludeTestAgents: true,
        quotaAction: 'warn',
        primaryCrm: LEAD_SETTING_DEFAULTS.primaryCrm,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        creator: null,
        updatedBy: null,
      });
      expect(body.meta).toMatchObject({ total: 2, page: 1, totalPages: 1 });
    });
  });

  describe('PATCH /api/assets/{id}/settings', () => {
    const settings = {
      initialSlaMinutes: 45,
      freePoolSlaMinutes: 240,
      assignmentStrategy: 'least_loaded',
      dailyLeadQuota: 12,
      workingHours: [
        { day: 1, start: '09:00', end: '18:00' },
        { day: 2, start: '09:00', end: '18:00' },
      ],
      timezone: 'Europe/London',
    };

    it('updates the lead settings of an asset for LEAD_SETTING_VIEW holders', async () => {
      const role = await createRole(ctx, ['LEAD_SETTING_VIEW'], { company: tenant.company });
      const user = await createUser(ctx, { role, assets: [bravo] });
      const headers = await loginAs(ctx, user.email);
      const res = await patch(bravo.id, headers, settings);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ ...settings, _id: bravo.id, updatedBy: user.id });
      const row = await ctx.db.asset.findUniqueOrThrow({ where: { id: bravo.id } });
      expect(row).toMatchObject({
        initialSlaMinutes: 45,
        assignmentStrategy: 'least_loaded',
        timezone: 'Europe/London',
        workingHours: settings.workingHours,
      });

      // A partial update changes only what it names; null clears working hours.
      const partial = await patch(bravo.id, headers, { dailyLeadQuota: 0, workingHours: null });
      expect(partial.json().data).toMatchObject({ dailyLeadQuota: 0, workingHours: null, initialSlaMinutes: 45 });
    });

    it('lets super access update any asset of its company', async () => {
      const role = await createRole(ctx, ['SUPER_ACCESS'], { company: tenant.company });
      const user = await createUser(ctx, { role, assets: [] });
      const res = await patch(zulu.id, await loginAs(ctx, user.email), { initialSlaMinutes: 15 });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.initialSlaMinutes).toBe(15);
    });

    it('answers 403 without the permission, 404 for an asset not the caller’s or of another company', async () => {
      const noPermission = await createRole(ctx, ['LEADS_REPORT_VIEW'], { company: tenant.company });
      const agent = await createUser(ctx, { role: noPermission, assets: [bravo] });
      const denied = await patch(bravo.id, await loginAs(ctx, agent.email), { initialSlaMinutes: 5 });
      expect(denied.statusCode).toBe(403);
      expect(denied.json().code).toBe('FORBIDDEN');

      const role = await createRole(ctx, ['LEAD_SETTING_VIEW'], { company: tenant.company });
      const user = await createUser(ctx, { role, assets: [bravo] });
      const headers = await loginAs(ctx, user.email);
      for (const id of [zulu.id, foreign.asset.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
        const res = await patch(id, headers, { initialSlaMinutes: 5 });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
      }
      const superRole = await createRole(ctx, ['SUPER_ACCESS'], { company: tenant.company });
      const superUser = await createUser(ctx, { role: superRole, assets: [] });
      expect((await patch(foreign.asset.id, await loginAs(ctx, superUser.email), { initialSlaMinutes: 5 })).statusCode).toBe(404);
      expect((await ctx.db.asset.findUniqueOrThrow({ where: { id: foreign.asset.id } })).initialSlaMinutes).toBe(30);
    });

    it('validates every field with messages and rejects unknown ones', async () => {
      const role = await createRole(ctx, ['LEAD_SETTING_VIEW'], { company: tenant.company });
      const user = await createUser(ctx, { role, assets: [bravo] });
      const headers = await loginAs(ctx, user.email);
      const res = await patch(bravo.id, headers, {
        initialSlaMinutes: 0,
        freePoolSlaMinutes: 1.5,
        assignmentStrategy: 'random',
        dailyLeadQuota: -1,
        timezone: 'Mars/Olympus',
        workingHours: [{ day: 7, start: '18:00', end: '09:00' }],
        leadSequence: 100,
      });
      expect(res.statusCode).toBe(400);
      const fields = res.json().data as Record<string, string[]>;
      expect(fields).toEqual({
        initialSlaMinutes: ['Initial SLA must be at least 1 minute.'],
        freePoolSlaMinutes: ['Free Pool SLA must be a whole number of minutes.'],
        assignmentStrategy: ['Assignment strategy must be one of round_robin, least_loaded, weighted.'],
        dailyLeadQuota: ['Daily lead quota must be at least 0.'],
        timezone: ['Timezone must be a valid IANA time zone.'],
        leadSequence: ["Unknown field 'leadSequence'."],
        'workingHours.0.day': ['Day must be 0 (Sunday) to 6 (Saturday).'],
        'workingHours.0.end': ['End must be after start.'],
      });
    });
  });

  describe('tRPC door', () => {
    it('assets.list and assets.updateSettings answer the REST shapes', async () => {
      const role = await createRole(ctx, ['LEAD_SETTING_VIEW'], { company: tenant.company });
      const user = await createUser(ctx, { role, assets: [bravo, zulu] });
      const headers = await loginAs(ctx, user.email);
      const rest = (await get(headers)).json();
      const list = await ctx.app.inject({ method: 'GET', url: '/trpc/assets.list', headers });
      expect(list.json().result.data).toEqual(rest);

      const updated = await ctx.app.inject({
        method: 'POST',
        url: '/trpc/assets.updateSettings',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ id: zulu.id, settings: { assignmentStrategy: 'weighted' } }),
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json().result.data).toMatchObject({ _id: zulu.id, assignmentStrategy: 'weighted' });

      const notMine = await ctx.app.inject({
        method: 'POST',
        url: '/trpc/assets.updateSettings',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ id: foreign.asset.id, settings: { dailyLeadQuota: 3 } }),
      });
      expect(notMine.statusCode).toBe(404);
    });
  });
});
