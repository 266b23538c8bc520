import { readActivityChanges } from '@crm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { createLeadWorld, leadPayload, movingClock, type LeadWorld } from '../modules/leads/testing.js';
import { applyDueClockStep } from '../modules/leads/index.js';

// docs/architecture.md 'The activity log', the leads' own write paths (modules/leads/lead-writer.ts): create, the form's
// update, a stage change, accept and the SLA clock each leave one row, with the changed fields before and after.

const T0 = new Date('2026-11-22T08:00:00.000Z');
const clock = movingClock(T0);
let ctx: TestContext;
let world: LeadWorld;
let manager: { authorization: string };

const rowsOf = (id: string) =>
  ctx.db.activityLog.findMany({ where: { subjectType: 'leads', subjectId: id }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  world = await createLeadWorld(ctx);
  manager = await world.manager.headers();
});
afterAll(async () => ctx.close());

describe('lead activity', () => {
  it('leaves one row per write of a lead, by whoever made it', async () => {
    clock.set(T0);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/properties/leads/create',
      headers: manager,
      payload: leadPayload(world, (await world.customer()).id),
    });
    expect(created.statusCode, created.body).toBe(201);
    const lead = created.json().data as { _id: string; customer: { _id: string } };
    const managerUser = world.manager.member.userId;
    let rows = await rowsOf(lead._id);
    expect(rows).toMatchObject([{ action: 'create', userId: managerUser, assetId: world.asset.id, companyId: world.company.id }]);
    expect(readActivityChanges(rows[0]?.changes).after).toMatchObject({ id: lead._id, agentId: world.listing.agentId });

    const { stage: _s, status: _t, ...form } = leadPayload(world, lead.customer._id, { remarks: 'Call after 6pm' });
    expect(
      (await ctx.app.inject({ method: 'PATCH', url: `/api/properties/leads/cms/${lead._id}`, headers: manager, payload: form })).statusCode,
    ).toBe(200);
    rows = await rowsOf(lead._id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ action: 'update', userId: managerUser });
    expect(readActivityChanges(rows[1]?.changes)).toMatchObject({ before: { remarks: null }, after: { remarks: 'Call after 6pm' } });

    const staged = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/properties/leads/stage/${lead._id}`,
      headers: manager,
      payload: { stage: 'Qualified', status: 'Open' },
    });
    expect(staged.statusCode, staged.body).toBe(200);
    rows = await rowsOf(lead._id);
    expect(rows).toHaveLength(3);
    expect(readActivityChanges(rows[2]?.changes)).toMatchObject({ after: { stage: 'Qualified' } });

    // The SLA clock is the system: a row with no user.
    clock.advanceMinutes(31);
    await ctx.db.$transaction((tx) => applyDueClockStep(tx, lead._id, clock.now()));
    rows = await rowsOf(lead._id);
    expect(rows).toHaveLength(4);
    expect(rows[3]).toMatchObject({ action: 'update', userId: null });
    expect(readActivityChanges(rows[3]?.changes)).toMatchObject({ before: { isInFreePool: false }, after: { isInFreePool: true } });
  });
});
