import { STAFF_NOTIFICATION_KINDS, VIEWING_MESSAGES } from '@crm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { requestViewingFeedback } from './viewing-feedback.job.js';
import { remindViewingAgent } from './viewing-reminder.job.js';
import { createViewingWorld, fromNow, type ViewingWorld } from './viewing-test-kit.js';

// Viewings over real PostgreSQL and Redis: scheduled from a lead (its customer, listing and agent, the asset's
// default duration), refused with field messages, listed by lead, logged; their reminder and feedback jobs queued at
// the times the viewing settings give, keyed so a repeat is the same job, and each doing its work once.

let ctx: TestContext;
let world: ViewingWorld;

const SETTINGS = { defaultDurationMinutes: 45, reminderMinutesBefore: [1440, 30], feedbackDelayHours: 4 };

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createViewingWorld(ctx);
  const saved = await world.api('PATCH', `assets/${world.asset.id}/viewing-settings`, SETTINGS);
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => ctx?.close());

const job = (queue: string, id: string) => ctx.app.deps.jobs.queue(queue).getJob(id);

describe('scheduling a viewing', () => {
  it("takes the lead's customer, listing and agent and the asset's duration, logs it and queues its reminders", async () => {
    const { leadId, customerId } = await world.lead();
    const startsAt = fromNow(3);
    const before = Date.now();
    const res = await world.api('POST', 'viewings', { lead: leadId, startsAt, notes: 'Bring the keys' });
    expect(res.statusCode, res.body).toBe(201);
    const viewing = res.json().data;
    expect(viewing).toMatchObject({
      lead: leadId,
      customer: customerId,
      listing: world.listing.id,
      agent: world.agents[0].member.id,
      startsAt,
      durationMinutes: 45,
      status: 'scheduled',
      notes: 'Bring the keys',
      feedbackRequestedAt: null,
      calendarEventId: null,
    });
    const log = await ctx.db.activityLog.findFirst({ where: { subjectType: 'viewings', subjectId: viewing._id, action: 'create' } });
    expect(log).not.toBeNull();

    for (const minutes of SETTINGS.reminderMinutesBefore) {
      const queued = await job('viewing-reminder', `viewing-reminder-${viewing._id}-${Date.parse(startsAt)}-${minutes}`);
      expect(queued?.data).toEqual({ viewingId: viewing._id, startsAt, minutesBefore: minutes });
      const due = Date.parse(startsAt) - minutes * 60_000;
      expect(Math.abs((queued?.timestamp ?? 0) + (queued?.opts.delay ?? 0) - due)).toBeLessThan(Date.now() - before + 2000);
    }
    // The lead page's list: the lead's viewings with their agent, over tRPC.
    const listed = await ctx.app.inject({
      method: 'GET',
      url: `/trpc/viewings.list?input=${encodeURIComponent(JSON.stringify({ filter: { query: { lead: leadId }, populate: ['agent'] } }))}`,
      headers: world.admin,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().result.data.data).toMatchObject([{ _id: viewing._id, agent: { name: 'Agent Ann' } }]);
  });

  it('refuses a missing lead, another asset’s lead, a bad time or duration, naming the field, and stores nothing', async () => {
    const before = await ctx.db.viewing.count();
    const missing = await world.api('POST', 'viewings', { startsAt: fromNow(1) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data).toMatchObject({ lead: [VIEWING_MESSAGES.leadRequired] });
    const { leadId } = await world.lead();
    const bad = await world.api('POST', 'viewings', { lead: leadId, startsAt: 'tomorrow', durationMinutes: 3 });
    expect(bad.json().data).toMatchObject({
      startsAt: [VIEWING_MESSAGES.startsAtRequired],
      durationMinutes: [VIEWING_MESSAGES.durationRange],
    });
    const other = await createViewingWorld(ctx);
    const theirs = await other.lead();
    const foreign = await world.api('POST', 'viewings', { lead: theirs.leadId, startsAt: fromNow(1) });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().data).toEqual({ lead: ['Lead not found.'] });
    const moved = await world.api('POST', 'viewings', { lead: leadId, startsAt: fromNow(1) });
    const changeLead = await world.api('PATCH', `viewings/${moved.json().data._id}`, { lead: theirs.leadId });
    expect(changeLead.statusCode).toBe(400);
    expect(await ctx.db.viewing.count()).toBe(before + 1);
  });
});

describe('the reminders', () => {
  it("notify the agent once per reminder, and not for a moved or cancelled viewing's old times", async () => {
    expect(STAFF_NOTIFICATION_KINDS).toContain('viewingReminder');
    const { leadId } = await world.lead();
    const startsAt = fromNow(2);
    const id: string = (await world.api('POST', 'viewings', { lead: leadId, startsAt })).json().data._id;
    expect(await remindViewingAgent(ctx.app.deps, id, startsAt, 30)).toEqual({ reminded: true });
    expect(await remindViewingAgent(ctx.app.deps, id, startsAt, 30)).toEqual({ reminded: false });
    const bell = await ctx.db.staffNotification.findMany({
      where: { userId: world.agents[0].member.userId ?? '', kind: 'viewingReminder', leadId },
    });
    expect(bell).toHaveLength(1);

    const later = fromNow(4);
    const moved = await world.api('PATCH', `viewings/${id}`, { startsAt: later });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await remindViewingAgent(ctx.app.deps, id, startsAt, 1440)).toEqual({ reminded: false });
    expect(await job('viewing-reminder', `viewing-reminder-${id}-${Date.parse(later)}-1440`)).toBeDefined();
    await world.api('PATCH', `viewings/${id}`, { status: 'cancelled' });
    expect(await remindViewingAgent(ctx.app.deps, id, later, 1440)).toEqual({ reminded: false });
  });
});

describe('the feedback request', () => {
  it('is queued when the viewing is done, mails the customer once, stamps the viewing and logs the mail', async () => {
    const { leadId, email } = await world.lead();
    const startsAt = fromNow(-1);
    const id: string = (await world.api('POST', 'viewings', { lead: leadId, startsAt })).json().data._id;
    expect(await requestViewingFeedback(ctx.app.deps, id)).toEqual({ requested: false, reason: 'not done' });

    const done = await world.api('PATCH', `viewings/${id}`, { status: 'done' });
    expect(done.statusCode, done.body).toBe(200);
    const queued = await job('viewing-feedback', `viewing-feedback-${id}`);
    expect(queued?.data).toEqual({ viewingId: id });
    // Ended 45 minutes after a start a day ago, plus 4 hours: already due.
    expect(queued?.opts.delay).toBe(0);

    expect(await requestViewingFeedback(ctx.app.deps, id)).toEqual({ requested: true });
    expect(await requestViewingFeedback(ctx.app.deps, id)).toEqual({ requested: false, reason: 'already requested' });
    expect(ctx.mailer.sent.filter((mail) => mail.to === email)).toHaveLength(1);
    expect(ctx.mailer.last(email)?.text).toContain('Agent Ann');
    const stored = await ctx.db.viewing.findUniqueOrThrow({ where: { id } });
    expect(stored.feedbackRequestedAt).not.toBeNull();
    expect(await ctx.db.notificationLog.count({ where: { kind: 'viewingFeedback', recipient: email, status: 'sent' } })).toBe(1);
    const logged = await ctx.db.activityLog.findMany({ where: { subjectType: 'viewings', subjectId: id } });
    expect(logged.map((row) => row.action)).toEqual(['create', 'update', 'update']);
  });

  it('waits feedbackDelayHours after the end of a viewing done early', async () => {
    const { leadId } = await world.lead();
    const startsAt = fromNow(0, 1);
    const id: string = (await world.api('POST', 'viewings', { lead: leadId, startsAt, durationMinutes: 60 })).json().data._id;
    const before = Date.now();
    await world.api('PATCH', `viewings/${id}`, { status: 'done' });
    const queued = await job('viewing-feedback', `viewing-feedback-${id}`);
    const due = Date.parse(startsAt) + 60 * 60_000 + 4 * 3_600_000;
    expect(Math.abs(before + (queued?.opts.delay ?? 0) - due)).toBeLessThan(5000);
  });
});
