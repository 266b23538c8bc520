import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_SETTINGS_MESSAGES, newLeadSlaPreview, PERMISSIONS as P } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createRole, createUser, loginAs } from '../../../test/factories.js';
import { createLeadWorld, leadPayload, movingClock, type LeadWorld } from '../leads/testing.js';

// docs/leads.md 'Lead settings': what PATCH /assets/{id}/settings stores is what the lead engine uses for the next
// lead (SLA end dates, the working-hours clock, test agents); settings that break a rule are refused whole.

const T0 = new Date('2026-11-22T08:00:00.000Z'); // a Sunday
const MINUTE = 60_000;
const clock = movingClock(T0);
let ctx: TestContext;
let world: LeadWorld;
let settingsHeaders: Record<string, string>;
let settingsEmail = '';

const patchSettings = (payload: object) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/assets/${world.asset.id}/settings`, headers: settingsHeaders, payload });

async function createLead(overrides: Record<string, unknown> = {}) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/properties/leads/create',
    headers: await world.manager.headers(),
    payload: leadPayload(world, (await world.customer()).id, overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { initialSlaEndDate: string; freePoolSlaEndDate: string; agent: { _id: string } | null };
}

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  world = await createLeadWorld(ctx);
  const role = await createRole(ctx, [P.LEAD_SETTING_VIEW], { company: world.company });
  const admin = await createUser(ctx, { role, assets: [world.asset] });
  settingsEmail = admin.email;
  settingsHeaders = await loginAs(ctx, admin.email);
});
afterAll(async () => ctx.close());

describe('lead settings in the engine', () => {
  it('a new lead’s SLA end dates follow the SLA minutes saved just before it', async () => {
    clock.set(T0);
    expect((await patchSettings({ initialSlaMinutes: 10, freePoolSlaMinutes: 20 })).statusCode).toBe(200);
    const first = await createLead();
    expect(first.initialSlaEndDate).toBe(new Date(T0.getTime() + 10 * MINUTE).toISOString());
    expect(first.freePoolSlaEndDate).toBe(new Date(T0.getTime() + 30 * MINUTE).toISOString());

    const saved = await patchSettings({ initialSlaMinutes: 60, freePoolSlaMinutes: 90 });
    expect(saved.json().data).toMatchObject({ initialSlaMinutes: 60, freePoolSlaMinutes: 90 });
    // The change is in the activity log, before and after.
    const logged = await ctx.db.activityLog.findFirst({
      where: { subjectType: 'assets', subjectId: world.asset.id },
      orderBy: { createdAt: 'desc' },
    });
    expect(logged?.changes).toMatchObject({
      before: { initialSlaMinutes: 10, freePoolSlaMinutes: 20 },
      after: { initialSlaMinutes: 60, freePoolSlaMinutes: 90 },
    });
    const second = await createLead();
    expect(second.initialSlaEndDate).toBe(new Date(T0.getTime() + 60 * MINUTE).toISOString());
    expect(second.freePoolSlaEndDate).toBe(new Date(T0.getTime() + 150 * MINUTE).toISOString());
    // The Lead Setting page's preview computes the same dates from the saved settings.
    const preview = newLeadSlaPreview(T0, saved.json().data);
    expect(preview.initialSlaEndDate.toISOString()).toBe(second.initialSlaEndDate);
    expect(preview.freePoolSlaEndDate.toISOString()).toBe(second.freePoolSlaEndDate);
  });

  it('counts working hours only while slaWorkingHoursOnly is on', async () => {
    clock.set(T0);
    const everyDay = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: '09:00', end: '17:00' }));
    await patchSettings({
      initialSlaMinutes: 30,
      freePoolSlaMinutes: 60,
      timezone: 'UTC',
      workingHours: everyDay,
      slaWorkingHoursOnly: true,
    });
    // 08:00 is before opening: the clock starts at 09:00.
    expect((await createLead()).initialSlaEndDate).toBe('2026-11-22T09:30:00.000Z');

    const off = await patchSettings({ slaWorkingHoursOnly: false });
    expect(off.json().data).toMatchObject({ slaWorkingHoursOnly: false, workingHours: everyDay });
    const lead = await createLead();
    expect(lead.initialSlaEndDate).toBe('2026-11-22T08:30:00.000Z');
    expect(lead.freePoolSlaEndDate).toBe('2026-11-22T09:30:00.000Z');
    await patchSettings({ workingHours: null, slaWorkingHoursOnly: true, timezone: 'Asia/Dubai' });
  });

  it('gives leads to test agents only when excludeTestAgents is off', async () => {
    clock.set(T0);
    const agentsOf = async (count: number) => {
      const ids: string[] = [];
      for (let i = 0; i < count; i++) ids.push((await createLead({ listing: world.listingWithoutAgent.id })).agent?._id ?? '');
      return ids;
    };
    expect(await agentsOf(4)).not.toContain(world.testAgent.id);
    expect((await patchSettings({ excludeTestAgents: false })).json().data.excludeTestAgents).toBe(false);
    // Round robin over the three agents and the test agent: four leads reach all four.
    expect(await agentsOf(4)).toContain(world.testAgent.id);
    await patchSettings({ excludeTestAgents: true });
  });
});

describe('the daily quota', () => {
  it('warns and still assigns with quotaAction warn; passes over agents at quota with next_agent', async () => {
    // A fresh day, and a fresh session on it.
    clock.set(new Date('2026-11-23T08:00:00.000Z'));
    settingsHeaders = await loginAs(ctx, settingsEmail);
    const agentOf = async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/properties/leads/create',
        headers: await world.manager.headers(),
        payload: leadPayload(world, (await world.customer()).id, { listing: world.listingWithoutAgent.id }),
      });
      expect(res.statusCode, res.body).toBe(201);
      const lead = res.json().data as { agent: { _id: string }; limitsWarning: string | null };
      return { agent: lead.agent._id, warned: lead.limitsWarning !== null };
    };
    // A fresh day: each of the three agents gets one lead; the quota is 1.
    await patchSettings({ dailyLeadQuota: 1, quotaAction: 'warn', assignmentStrategy: 'round_robin' });
    const first = [await agentOf(), await agentOf(), await agentOf()];
    expect(new Set(first.map((l) => l.agent)).size).toBe(3);
    expect(first.some((l) => l.warned)).toBe(false);
    // Everyone is at quota: warn assigns anyway, with the warning.
    expect((await agentOf()).warned).toBe(true);

    // next_agent: an agent under the quota takes the lead while there is one.
    const spare = await ctx.db.teamMember.create({
      data: { companyId: world.company.id, assetId: world.asset.id, name: 'Spare Sam', enabled: true, isLeadProcessEnabled: true },
    });
    expect((await patchSettings({ quotaAction: 'next_agent' })).json().data.quotaAction).toBe('next_agent');
    const preview = await ctx.app.inject({
      method: 'GET',
      url: `/api/properties/leads/initial-agent?listing=${world.listingWithoutAgent.id}`,
      headers: await world.manager.headers(),
    });
    expect(preview.json().data.agent._id).toBe(spare.id);
    expect(await agentOf()).toEqual({ agent: spare.id, warned: false });
    // Now nobody is under it: the lead is still assigned, with the warning.
    expect((await agentOf()).warned).toBe(true);
    await ctx.db.teamMember.update({ where: { id: spare.id }, data: { enabled: false } });
    await patchSettings({ dailyLeadQuota: 0, quotaAction: 'warn' });
    clock.set(T0);
    settingsHeaders = await loginAs(ctx, settingsEmail);
  });
});

describe('invalid lead settings', () => {
  it('refuses a free-pool SLA shorter than the initial one, against the stored values, and stores nothing', async () => {
    await patchSettings({ initialSlaMinutes: 30, freePoolSlaMinutes: 120, dailyLeadQuota: 0 });
    const both = await patchSettings({ initialSlaMinutes: 60, freePoolSlaMinutes: 45, dailyLeadQuota: 7 });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { freePoolSlaMinutes: [LEAD_SETTINGS_MESSAGES.freePoolShorterThanInitial(60)] },
    });
    // Only the initial SLA sent: checked against the stored free-pool SLA (120).
    const alone = await patchSettings({ initialSlaMinutes: 121, dailyLeadQuota: 7 });
    expect(alone.statusCode).toBe(400);
    expect(alone.json().data).toEqual({ freePoolSlaMinutes: ['Free Pool SLA must be at least the Initial SLA (121 minutes).'] });

    const quota = await patchSettings({ dailyLeadQuota: -1, initialSlaMinutes: 5 });
    expect(quota.statusCode).toBe(400);
    expect(quota.json().data).toEqual({ dailyLeadQuota: ['Daily lead quota must be at least 0.'] });

    const row = await ctx.db.asset.findUniqueOrThrow({ where: { id: world.asset.id } });
    expect(row).toMatchObject({ initialSlaMinutes: 30, freePoolSlaMinutes: 120, dailyLeadQuota: 0 });
    // Nor any activity row for the refused changes.
    const last = await ctx.db.activityLog.findFirst({
      where: { subjectType: 'assets', subjectId: world.asset.id },
      orderBy: { createdAt: 'desc' },
    });
    expect(last?.changes).not.toMatchObject({ after: { dailyLeadQuota: 7 } });
  });
});
