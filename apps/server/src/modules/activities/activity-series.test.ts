import { ACTIVITY_MESSAGES, RECURRENCE_MESSAGES as R } from '@crm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createDealWorld, type DealWorld } from '../deals/testing.js';
import { eventually } from '../integrations/testing.js';

// Repeating tasks and tasks given to someone, over real PostgreSQL and Redis (docs/product.md 'Activities'): marking
// an occurrence done creates the next one (daily, weekly, monthly on the asset's calendar, until the end date), once
// however many done PATCHes arrive; bad recurrences are refused naming the field; a task created for another member,
// or moved to one, tells them once, and nobody is told of a task they gave themselves.

let ctx: TestContext;
let world: DealWorld;
let leadId: string;

type Activity = { _id: string; dueAt: string | null; reminderAt: string | null; doneAt: string | null };

async function task(body: Record<string, unknown>, headers?: { authorization: string }): Promise<Activity> {
  const res = await world.rest('POST', 'activities', { type: 'task', subject: 'Call back', lead: leadId, ...body }, headers);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Activity;
}
const done = (id: string, headers?: { authorization: string }) =>
  world.rest('PATCH', `activities/${id}`, { doneAt: new Date().toISOString() }, headers);
/** The occurrences after the first of a series, in order. */
const laterOccurrences = (seriesId: string) => ctx.db.activity.findMany({ where: { seriesId }, orderBy: { occurrence: 'asc' } });

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createDealWorld(ctx);
  await ctx.db.asset.update({ where: { id: world.asset.id }, data: { timezone: 'Asia/Dubai' } });
  leadId = await world.saleLead();
});
afterAll(async () => ctx?.close());

describe('a repeating task marked done', () => {
  it('daily: the next is due a day later, its reminder as far before; the next of that one continues the series', async () => {
    const first = await task({ dueAt: '2027-03-10T05:00:00.000Z', reminderAt: '2027-03-10T04:30:00.000Z', recurrence: 'daily' });
    expect((await done(first._id)).statusCode).toBe(200);
    const [next] = await laterOccurrences(first._id);
    expect(next).toMatchObject({ type: 'task', subject: 'Call back', occurrence: 1, recurrence: 'daily', doneAt: null, leadId });
    expect(next?.dueAt?.toISOString()).toBe('2027-03-11T05:00:00.000Z');
    expect(next?.reminderAt?.toISOString()).toBe('2027-03-11T04:30:00.000Z');
    expect(await ctx.db.activityLog.count({ where: { subjectType: 'activities', subjectId: next?.id, action: 'create' } })).toBe(1);
    expect((await done(String(next?.id))).statusCode).toBe(200);
    const series = await laterOccurrences(first._id);
    expect(series.map((row) => [row.occurrence, row.dueAt?.toISOString()])).toEqual([
      [1, '2027-03-11T05:00:00.000Z'],
      [2, '2027-03-12T05:00:00.000Z'],
    ]);
  });

  it('weekly: a week later', async () => {
    const first = await task({ dueAt: '2027-03-10T05:00:00.000Z', recurrence: 'weekly' });
    await done(first._id);
    expect((await laterOccurrences(first._id)).map((row) => row.dueAt?.toISOString())).toEqual(['2027-03-17T05:00:00.000Z']);
  });

  it("monthly: the same day of the month in the asset's zone, the month's end when it is shorter, then back", async () => {
    // 31 Jan 2027, 09:00 in Dubai; then 28 Feb, then 31 Mar again (the series keeps its first day of month).
    const first = await task({ dueAt: '2027-01-31T05:00:00.000Z', recurrence: 'monthly' });
    await done(first._id);
    const [feb] = await laterOccurrences(first._id);
    expect(feb?.dueAt?.toISOString()).toBe('2027-02-28T05:00:00.000Z');
    await done(String(feb?.id));
    expect((await laterOccurrences(first._id)).map((row) => row.dueAt?.toISOString())).toEqual([
      '2027-02-28T05:00:00.000Z',
      '2027-03-31T05:00:00.000Z',
    ]);
    // A leap year's February has its 29th; 00:30 in Dubai on the 31st is still the 30th in UTC.
    const leap = await task({ dueAt: '2028-01-30T20:30:00.000Z', recurrence: 'monthly' });
    await done(leap._id);
    expect((await laterOccurrences(leap._id)).map((row) => row.dueAt?.toISOString())).toEqual(['2028-02-28T20:30:00.000Z']);
  });

  it('none after the end date', async () => {
    const first = await task({ dueAt: '2027-03-10T05:00:00.000Z', recurrence: 'daily', recurrenceUntil: '2027-03-11T17:00:00.000Z' });
    await done(first._id);
    const [next] = await laterOccurrences(first._id);
    expect(next?.dueAt?.toISOString()).toBe('2027-03-11T05:00:00.000Z');
    await done(String(next?.id));
    expect(await laterOccurrences(first._id)).toHaveLength(1);
  });

  it('creates the next occurrence once when two done PATCHes arrive at once, and not again when one is retried', async () => {
    const first = await task({ dueAt: '2027-04-01T05:00:00.000Z', recurrence: 'daily' });
    const answers = await Promise.all([done(first._id), done(first._id), done(first._id)]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect(await laterOccurrences(first._id)).toHaveLength(1);
    expect((await done(first._id)).statusCode).toBe(200);
    // Undone and done again: still the one next occurrence.
    await world.rest('PATCH', `activities/${first._id}`, { doneAt: null });
    await done(first._id);
    expect(await laterOccurrences(first._id)).toHaveLength(1);
  });
});

describe('a recurrence that cannot be', () => {
  it('is refused with the field and its message, and nothing is stored', async () => {
    const before = await ctx.db.activity.count();
    const post = (body: object) => world.rest('POST', 'activities', { subject: 'Repeat', lead: leadId, ...body });
    const note = await post({ type: 'note', recurrence: 'daily', dueAt: '2027-03-10T05:00:00.000Z' });
    expect(note.statusCode).toBe(400);
    expect(note.json().data).toEqual({ recurrence: [R.tasksOnly] });
    const undue = await post({ type: 'task', recurrence: 'weekly' });
    expect(undue.json().data).toEqual({ recurrence: [R.needsDue] });
    const early = await post({
      type: 'task',
      recurrence: 'daily',
      dueAt: '2027-03-10T05:00:00.000Z',
      recurrenceUntil: '2027-03-09T00:00:00.000Z',
    });
    expect(early.json().data).toEqual({ recurrenceUntil: [R.untilBeforeDue] });
    const endless = await post({ type: 'task', dueAt: '2027-03-10T05:00:00.000Z', recurrenceUntil: '2027-03-19T00:00:00.000Z' });
    expect(endless.json().data).toEqual({ recurrenceUntil: [R.untilNeedsRecurrence] });
    const odd = await post({ type: 'task', recurrence: 'yearly', dueAt: '2027-03-10T05:00:00.000Z' });
    expect(odd.statusCode).toBe(400);
    expect(Object.keys(odd.json().data)).toEqual(['recurrence']);
    expect(await ctx.db.activity.count()).toBe(before);

    // A PATCH is checked over the stored activity: a call cannot repeat, a task cannot lose its due time while it does.
    const call = await world.rest('POST', 'activities', { type: 'call', subject: 'Called', lead: leadId });
    const repeatCall = await world.rest('PATCH', `activities/${call.json().data._id}`, { recurrence: 'daily' });
    expect(repeatCall.statusCode).toBe(400);
    expect(repeatCall.json().data).toEqual({ recurrence: [R.tasksOnly] });
    const repeating = await task({ dueAt: '2027-03-10T05:00:00.000Z', recurrence: 'daily' });
    const dropDue = await world.rest('PATCH', `activities/${repeating._id}`, { dueAt: null });
    expect(dropDue.json().data).toEqual({ recurrence: [R.needsDue] });
    const past = await world.rest('PATCH', `activities/${repeating._id}`, { reminderAt: '2020-01-01T00:00:00.000Z' });
    expect(past.json().data).toEqual({ reminderAt: [ACTIVITY_MESSAGES.reminderPast] });
    expect((await ctx.db.activity.findUniqueOrThrow({ where: { id: repeating._id } })).dueAt?.toISOString()).toBe(
      '2027-03-10T05:00:00.000Z',
    );
  });
});

describe('a task given to someone', () => {
  const assigned = (activityId: string) => ctx.db.staffNotification.findMany({ where: { activityId, kind: 'activityAssigned' } });

  it('tells the member it was created for, once, with its lead; not the member who gave it to themselves', async () => {
    const ann = world.agents[0];
    // The admin creates a task on Ann's lead: it is Ann's, and she is told.
    const given = await task({ subject: 'Send the brochure' });
    const told = await eventually(
      () => assigned(given._id),
      (rows) => rows.length > 0,
    );
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ userId: ann.member.userId, leadId, activityId: given._id });
    const bell = await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: await ann.headers() });
    expect(bell.json().data.find((n: { activity?: string }) => n.activity === given._id)).toMatchObject({
      kind: 'activityAssigned',
      lead: leadId,
      text: 'A task was given to you: Send the brochure',
    });
    // Ann's own task for herself: nobody is told.
    const own = await task({ subject: 'My own follow-up' }, await ann.headers());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await ctx.db.domainEvent.count({ where: { subjectId: own._id, type: 'activity.assigned' } })).toBe(1);
    expect(await assigned(own._id)).toEqual([]);
  });

  it('tells the new agent when a task moves to them, once; a task moved to oneself tells nobody; a note tells nobody', async () => {
    const [ann, bob, cem] = world.agents;
    const moving = await task({ subject: 'Chase the deposit' }, await ann.headers());
    const moved = await world.rest('PATCH', `activities/${moving._id}`, { agent: bob.member.id });
    expect(moved.statusCode, moved.body).toBe(200);
    await eventually(
      () => assigned(moving._id),
      (rows) => rows.length > 0,
    );
    // A PATCH that does not change the agent tells nobody again.
    await world.rest('PATCH', `activities/${moving._id}`, { notes: 'Called twice' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await assigned(moving._id)).map((row) => row.userId)).toEqual([bob.member.userId]);
    // Cem takes it himself: he is not told.
    const taken = await world.rest('PATCH', `activities/${moving._id}`, { agent: cem.member.id }, await cem.headers());
    expect(taken.statusCode, taken.body).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await assigned(moving._id)).map((row) => row.userId)).toEqual([bob.member.userId]);
    const note = await world.rest('POST', 'activities', { type: 'note', subject: 'Likes the view', lead: leadId });
    expect(await ctx.db.domainEvent.count({ where: { subjectId: note.json().data._id, type: 'activity.assigned' } })).toBe(0);
  });
});
