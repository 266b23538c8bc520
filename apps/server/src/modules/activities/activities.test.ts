import { ACTIVITY_MESSAGES as M } from '@crm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createDealWorld, type DealWorld } from '../deals/testing.js';

// Activities over real PostgreSQL and Redis: a call logged on a lead becomes its latest activity and marks it
// contacted, a note does not; an activity on a deal restarts its stale clock; bad input names its field.

let ctx: TestContext;
let world: DealWorld;

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createDealWorld(ctx);
});
afterAll(async () => ctx?.close());

describe('logging an activity', () => {
  it("makes a call the lead's latest activity and marks it contacted; a note is not a contact", async () => {
    const leadId = await world.saleLead();
    const note = await world.rest('POST', 'activities', { type: 'note', subject: 'Prefers evenings', lead: leadId });
    expect(note.statusCode, note.body).toBe(201);
    expect(note.json().data).toMatchObject({ customer: expect.any(String), agent: world.agents[0].member.id });
    let lead = await ctx.db.lead.findUniqueOrThrow({ where: { id: leadId } });
    expect(lead).toMatchObject({ latestActivity: 'Note: Prefers evenings', isContacted: false });
    const call = await world.rest('POST', 'activities', {
      type: 'call',
      subject: 'Discussed the budget',
      lead: leadId,
      durationMinutes: 6,
    });
    expect(call.statusCode, call.body).toBe(201);
    lead = await ctx.db.lead.findUniqueOrThrow({ where: { id: leadId } });
    expect(lead).toMatchObject({ latestActivity: 'Call: Discussed the budget', isContacted: true });
    expect(lead.lastActivityAt?.toISOString()).toBe(call.json().data.createdAt);
    // The lead's own list of activities, newest first.
    const filter = encodeURIComponent(JSON.stringify({ query: { lead: leadId } }));
    const listed = await world.rest('GET', `activities?filter=${filter}`);
    expect(listed.json().data.map((row: { subject: string }) => row.subject)).toEqual(['Discussed the budget', 'Prefers evenings']);
  });

  it("restarts a deal's stale clock", async () => {
    const deal = await world.deal();
    await ctx.db.deal.update({
      where: { id: deal._id },
      data: { lastActivityAt: new Date(Date.now() - 40 * 86_400_000), staleAt: new Date(Date.now() - 26 * 86_400_000) },
    });
    const meeting = await world.rest('POST', 'activities', { type: 'meeting', subject: 'Met at the show flat', deal: deal._id });
    expect(meeting.statusCode, meeting.body).toBe(201);
    expect(meeting.json().data).toMatchObject({ lead: deal.lead, deal: deal._id });
    const after = await ctx.db.deal.findUniqueOrThrow({ where: { id: deal._id } });
    expect(after.lastActivityAt.toISOString()).toBe(meeting.json().data.createdAt);
    expect(after.staleAt?.getTime()).toBe(after.lastActivityAt.getTime() + 14 * 86_400_000);
  });

  it('refuses an activity about nothing, a reminder in the past or without a due time, naming the field; stores nothing', async () => {
    const before = await ctx.db.activity.count();
    const nothing = await world.rest('POST', 'activities', { type: 'task', subject: 'Call back' });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().data).toEqual({ lead: [M.aboutRequired] });
    const leadId = await world.saleLead();
    const past = await world.rest('POST', 'activities', {
      type: 'task',
      subject: 'Call back',
      lead: leadId,
      dueAt: '2020-01-02T10:00:00.000Z',
      reminderAt: '2020-01-02T09:00:00.000Z',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().data).toEqual({ reminderAt: [M.reminderPast] });
    const undue = await world.rest('POST', 'activities', {
      type: 'task',
      subject: 'Call back',
      lead: leadId,
      reminderAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(undue.statusCode).toBe(400);
    expect(undue.json().data).toEqual({ reminderAt: [M.reminderNeedsDue] });
    expect(await ctx.db.activity.count()).toBe(before);
  });
});
