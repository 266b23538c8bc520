import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeProvider } from '../../../test/fakes/fake-http.js';
import { jsonBody } from '../../../test/fakes/fake-http.js';
import { firebaseServiceAccount, startFirebaseFake } from '../../../test/fakes/firebase.fake.js';
import { type SmtpFake, startSmtpFake } from '../../../test/fakes/smtp.fake.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createSmtpMailer } from '../../core/mailer.js';
import { createDealWorld, type DealWorld } from '../deals/testing.js';
import { assetApi, eventually } from '../integrations/testing.js';
import { movingClock } from '../leads/testing.js';
import { raiseActivityReminders } from './activity-reminders.js';
import { NOTIFICATION_TICK_MS, sendPendingMails } from './notification-jobs.js';

// Activity reminders over real PostgreSQL and Redis, a local SMTP server and the fake FCM (docs/product.md
// 'Activities'): at the reminder's time (the test clock) the agent gets it once in the bell, once by mail, once on
// their device, however many ticks run; a reminder moved after it fired fires once more at its new time; a done or
// deleted activity's reminder does not fire; a person who turned the mail off gets the bell and the push only.

// Near the real time: the sign-ins' tokens are checked against the same clock, so calls are made at T0.
const T0 = new Date(Math.floor(Date.now() / 60_000) * 60_000);
const clock = movingClock(T0);
const DEVICE = 'device-token-reminders-01';
let ctx: TestContext;
let world: DealWorld;
let smtp: SmtpFake;
let fcm: FakeProvider;
let leadId: string;

const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
/** What a worker's notification tick does about reminders: raise those due, then mail and push them. */
const tick = async () => {
  await raiseActivityReminders(ctx.app.deps);
  await sendPendingMails(ctx.app.deps);
};
const reminders = (activityId: string) =>
  ctx.db.staffNotification.findMany({ where: { activityId, kind: 'activityReminder' }, orderBy: { createdAt: 'asc' } });
const mailsAbout = (subject: string) => smtp.received.filter((mail) => mail.subject === `Reminder: ${subject}`);
/** The reminder pushes of an activity (the admin's tasks on Ann's lead also push her an activityAssigned). */
const pushesAbout = (activityId: string) =>
  fcm.requests
    .filter((r) => r.path.endsWith('/messages:send'))
    .map((r) => jsonBody(r).message as { data: { kind: string; activityId?: string } })
    .filter((message) => message.data.kind === 'activityReminder' && message.data.activityId === activityId);

async function task(subject: string, reminderAt: Date, body: object = {}) {
  const res = await world.rest('POST', 'activities', {
    type: 'task',
    subject,
    lead: leadId,
    dueAt: new Date(reminderAt.getTime() + 30 * 60_000).toISOString(),
    reminderAt: reminderAt.toISOString(),
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id as string;
}

beforeAll(async () => {
  smtp = await startSmtpFake();
  fcm = await startFirebaseFake();
  ctx = await createTestApp({
    clock,
    mailTransport: createSmtpMailer(smtp.url, 'crm@example.com'),
    envOverrides: { RUN_WORKERS: 'true', JOBS_CLOSE_TIMEOUT_MS: '500', INTEGRATION_BASE_URL_FIREBASE: fcm.url },
  });
  world = await createDealWorld(ctx);
  const saved = await assetApi(ctx, world, world.admin)('PATCH', 'integrations/firebase', {
    enabled: true,
    config: { projectId: 'crm-demo' },
    secrets: { serviceAccountJson: firebaseServiceAccount(`${fcm.url}/token`) },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const device = await ctx.app.inject({
    method: 'POST',
    url: '/api/profile/push-tokens',
    headers: await world.agents[0].headers(),
    payload: { token: DEVICE, platform: 'android' },
  });
  expect(device.statusCode, device.body).toBe(200);
  leadId = await world.saleLead();
  // The lead's assignment told Ann already: those mails are not this test's.
  await sendPendingMails(ctx.app.deps);
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
  await fcm?.close();
});

describe('an activity reminder', () => {
  it('reaches the agent at its time once in the bell, once by mail and once on their device, within a tick', async () => {
    clock.set(T0);
    const ann = world.agents[0];
    const reminderAt = at(60);
    const id = await task('Call the buyer back', reminderAt);
    clock.set(new Date(reminderAt.getTime() - 1000));
    await tick();
    expect(await reminders(id)).toEqual([]);

    // The worker's tick runs every NOTIFICATION_TICK_MS: the first one after the time raises it, well within 60 s.
    expect(NOTIFICATION_TICK_MS).toBeLessThanOrEqual(20_000);
    clock.set(new Date(reminderAt.getTime() + NOTIFICATION_TICK_MS));
    await Promise.all([tick(), tick()]);
    await tick();
    const raised = await reminders(id);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ userId: ann.member.userId, leadId, emailStatus: 'sent' });
    const fired = await ctx.db.activityReminderFired.findMany({ where: { activityId: id } });
    expect(fired).toHaveLength(1);
    expect((fired[0]?.firedAt.getTime() ?? 0) - reminderAt.getTime()).toBeLessThanOrEqual(60_000);

    const bell = await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: await ann.headers() });
    expect(bell.json().data.find((n: { activity?: string }) => n.activity === id)).toMatchObject({
      kind: 'activityReminder',
      text: 'Reminder: Call the buyer back',
      lead: leadId,
      read: false,
    });
    const mails = mailsAbout('Call the buyer back');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe(ann.email);
    expect(mails[0]?.text).toContain(`/leads/${leadId}`);
    const pushed = await eventually(
      async () => pushesAbout(id),
      (found) => found.length >= 1,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(pushesAbout(id)).toHaveLength(1);
    expect(pushed[0]).toMatchObject({ token: DEVICE, notification: { title: 'Reminder: Call the buyer back' }, data: { activityId: id } });
  });

  it('fires once more when moved to a new time after it fired, and only then', async () => {
    clock.set(T0);
    const id = await task('Send the offer', at(120));
    clock.set(at(121));
    await tick();
    expect(await reminders(id)).toHaveLength(1);
    clock.set(T0);
    const moved = await world.rest('PATCH', `activities/${id}`, { reminderAt: at(180).toISOString(), dueAt: at(200).toISOString() });
    expect(moved.statusCode, moved.body).toBe(200);
    await tick();
    expect(await reminders(id)).toHaveLength(1);
    clock.set(at(180.25));
    await tick();
    await tick();
    expect(await reminders(id)).toHaveLength(2);
    expect(mailsAbout('Send the offer')).toHaveLength(2);
    expect(await ctx.db.activityReminderFired.count({ where: { activityId: id } })).toBe(2);
  });

  it('does not fire for a done or a deleted activity', async () => {
    clock.set(T0);
    const finished = await task('Book the valuation', at(240));
    const removed = await task('Print the brochure', at(240));
    expect((await world.rest('PATCH', `activities/${finished}`, { doneAt: at(1).toISOString() })).statusCode).toBe(200);
    expect((await world.rest('DELETE', `activities/${removed}`)).statusCode).toBe(200);
    clock.set(at(241));
    await tick();
    expect(await reminders(finished)).toEqual([]);
    expect(await reminders(removed)).toEqual([]);
    expect(mailsAbout('Book the valuation')).toEqual([]);
  });

  it("keeps to the person's choice: the mail turned off, the bell and the push still come", async () => {
    clock.set(T0);
    const ann = world.agents[0];
    const off = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/notifications/preferences',
      headers: await ann.headers(),
      payload: { email: { activityReminder: false } },
    });
    expect(off.statusCode, off.body).toBe(200);
    const id = await task('Quiet reminder', at(300));
    clock.set(at(301));
    await tick();
    expect((await reminders(id)).map((n) => n.emailStatus)).toEqual(['skipped']);
    expect(mailsAbout('Quiet reminder')).toEqual([]);
    expect(
      await eventually(
        async () => pushesAbout(id),
        (found) => found.length >= 1,
      ),
    ).toHaveLength(1);
  });
});
