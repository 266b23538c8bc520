import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLA_WARNING_MINUTES, type StaffNotificationList } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createSmtpMailer } from '../../core/mailer.js';
import { createLeadWorld, leadPayload, movingClock, type LeadWorld } from '../leads/testing.js';
import { runLeadSlaSweep } from '../leads/index.js';
import { raiseSlaWarnings, sendPendingMails } from './notification-jobs.js';
import { createWorld, restAs, type ResourceWorld } from '../../resources/resource-test-kit.js';

// Staff notifications (docs/product.md 'Notifications'): the lead engine raises them as it assigns, pools and
// escalates; the SLA warning once per deadline; the bell's calls answer only the caller's own; mails go out over
// SMTP (a local server started here) as each person wants them, and each is logged.

const T0 = new Date('2026-11-23T08:00:00.000Z');
const clock = movingClock(T0);
let ctx: TestContext;
let world: LeadWorld;
let admin: ResourceWorld;

interface Received {
  to: string;
  subject: string;
  text: string;
}
const received: Received[] = [];
/** The local server refuses these recipients, as a real one refuses an unknown mailbox. */
const BOUNCING = /^bounce-/;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onRcptTo(address, _session, callback) {
    callback(BOUNCING.test(address.address) ? Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }) : undefined);
  },
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const to = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
        received.push({ to: to ?? '', subject: mail.subject ?? '', text: mail.text ?? '' });
        callback();
      })
      .catch(callback);
  },
});

async function createLead(overrides: Record<string, unknown> = {}, headers?: { authorization: string }) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/properties/leads/create',
    headers: headers ?? (await world.manager.headers()),
    payload: leadPayload(world, (await world.customer()).id, overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { _id: string; leadID: string; initialSlaEndDate: string; freePoolSlaEndDate: string };
}

const bell = async (headers: { authorization: string }) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as StaffNotificationList;
};

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  // The app's mail transport: SMTP to the local server (the app logs every mail it sends through it).
  ctx = await createTestApp({ clock, mailTransport: createSmtpMailer(`smtp://127.0.0.1:${port}`, 'crm@example.com') });
  world = await createLeadWorld(ctx);
  admin = await createWorld(ctx);
});
afterAll(async () => {
  await ctx.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('notifications raised by the lead engine', () => {
  it("tells a lead's new agent, not the agent who took the lead themselves", async () => {
    clock.set(T0);
    const ann = await world.agents[0].headers();
    const before = (await bell(ann)).meta.unread;
    const lead = await createLead();
    const after = await bell(ann);
    expect(after.meta.unread).toBe(before + 1);
    expect(after.data[0]).toMatchObject({
      kind: 'leadAssigned',
      lead: lead._id,
      leadID: lead.leadID,
      read: false,
      text: `Lead ${lead.leadID} was assigned to you`,
    });
    // Ann creates a lead of her own listing: it is hers, and nobody tells her so.
    await createLead({}, ann);
    expect((await bell(ann)).meta.unread).toBe(before + 1);
    // The manager who created the first one was not told anything.
    expect((await bell(await world.manager.headers())).data.some((n) => n.lead === lead._id)).toBe(false);
  });

  it('warns the agent once before the SLA ends, tells the pool when it enters, and the manager when it is escalated', async () => {
    clock.set(T0);
    const lead = await createLead();
    const ends = new Date(lead.initialSlaEndDate).getTime();
    clock.set(new Date(ends - (SLA_WARNING_MINUTES + 1) * 60_000));
    await raiseSlaWarnings(ctx.app.deps);
    const warnings = () => ctx.db.staffNotification.count({ where: { leadId: lead._id, kind: 'slaEnding' } });
    expect(await warnings()).toBe(0);
    clock.set(new Date(ends - (SLA_WARNING_MINUTES - 1) * 60_000));
    await raiseSlaWarnings(ctx.app.deps);
    await raiseSlaWarnings(ctx.app.deps);
    expect(await warnings()).toBe(1);
    const ann = await bell(await world.agents[0].headers());
    expect(ann.data.find((n) => n.lead === lead._id && n.kind === 'slaEnding')?.text).toContain(
      `SLA ends in ${SLA_WARNING_MINUTES} minutes`,
    );

    // Into the pool: every agent who may claim it hears (Ann, Bob, Cem), the test and disabled agents do not exist for it.
    clock.set(new Date(ends + 1000));
    await runLeadSlaSweep(ctx.app.deps);
    const pooled = await ctx.db.staffNotification.findMany({ where: { leadId: lead._id, kind: 'leadEnteredPool' } });
    const agentUsers = world.agents.map((agent) => agent.member.userId).sort();
    expect(pooled.map((n) => n.userId).sort()).toEqual(agentUsers);

    // The pool's time runs out: the manager gets it, and is told.
    clock.set(new Date(new Date(lead.freePoolSlaEndDate).getTime() + 1000));
    await runLeadSlaSweep(ctx.app.deps);
    const manager = await bell(await world.manager.headers());
    expect(manager.data.find((n) => n.lead === lead._id)).toMatchObject({ kind: 'leadEscalated', read: false });
  });
});

describe("the bell's calls", () => {
  it('marks one read, then all; refuses another person’s notification and a bad input', async () => {
    const bob = await world.agents[1].headers();
    const cem = await world.agents[2].headers();
    const mine = await bell(bob);
    const first = mine.data.find((n) => !n.read);
    expect(first).toBeDefined();
    const theirs = await ctx.app.inject({ method: 'PATCH', url: `/api/notifications/${first?._id}/read`, headers: cem });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ message: 'Notification not found' });
    const read = await ctx.app.inject({ method: 'PATCH', url: `/api/notifications/${first?._id}/read`, headers: bob });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.unread).toBe(mine.meta.unread - 1);
    const viaTrpc = await ctx.app.inject({ method: 'GET', url: '/trpc/notifications.unreadCount', headers: bob });
    expect(viaTrpc.json().result.data.unread).toBe(mine.meta.unread - 1);
    const all = await ctx.app.inject({ method: 'PATCH', url: '/api/notifications/read-all', headers: bob });
    expect(all.json().data).toEqual({ unread: 0 });
    expect((await bell(bob)).data.every((n) => n.read)).toBe(true);
    const bad = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/notifications/preferences',
      headers: bob,
      payload: { email: { leadAssigned: 'yes' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    const unknownKind = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/notifications/preferences',
      headers: bob,
      payload: { email: { everything: true } },
    });
    expect(unknownKind.statusCode).toBe(400);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/notifications' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('notification mails', () => {
  it('sends each wanted mail over SMTP with the link to the lead, skips the unwanted, and logs what went out', async () => {
    await sendPendingMails(ctx.app.deps); // what earlier tests raised
    received.length = 0;
    const cem = world.agents[2];
    // Cem turns off the mail of new assignments; Ann keeps the default (on).
    const off = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/notifications/preferences',
      headers: await cem.headers(),
      payload: { email: { leadAssigned: false } },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.find((p: { kind: string }) => p.kind === 'leadAssigned')).toMatchObject({ email: false });
    clock.set(T0);
    const forAnn = await createLead();
    const forCem = await createLead({ agent: cem.member.id, isManualAssignment: true });
    const assignedToCem = await ctx.db.lead.findUniqueOrThrow({ where: { id: forCem._id }, select: { agentId: true } });
    expect(assignedToCem.agentId).toBe(cem.member.id);

    const run = await sendPendingMails(ctx.app.deps);
    expect(run.failed).toBe(0);
    const toAnn = received.find((mail) => mail.to === world.agents[0].email);
    expect(toAnn?.subject).toBe(`Lead ${forAnn.leadID} was assigned to you`);
    expect(toAnn?.text).toContain(`/reports/leads/${forAnn._id}`);
    expect(received.some((mail) => mail.to === cem.email)).toBe(false);
    const cemRow = await ctx.db.staffNotification.findFirstOrThrow({ where: { leadId: forCem._id } });
    expect(cemRow.emailStatus).toBe('skipped');
    const logged = await ctx.db.notificationLog.findFirst({ where: { recipient: world.agents[0].email, subject: toAnn?.subject } });
    expect(logged).toMatchObject({ channel: 'email', kind: 'leadAssigned', status: 'sent', companyId: world.company.id });
    // Nothing is sent twice.
    received.length = 0;
    await sendPendingMails(ctx.app.deps);
    expect(received).toEqual([]);
  });
});

describe('the live stream', () => {
  it('sends the unread count at once and again when a lead is assigned, and gives back the request slot', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const ann = world.agents[0];
    const headers = await ann.headers();
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/api/notifications/stream`, { headers, signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const reader = res.body?.getReader();
    if (!reader) throw new Error('no body');
    const decoder = new TextDecoder();
    let buffer = '';
    const nextUnread = async (): Promise<number> => {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^event: unread\ndata: (.*)$/m.exec(block);
          if (data?.[1]) return (JSON.parse(data[1]) as { unread: number }).unread;
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
    };
    const first = await nextUnread();
    expect(first).toBe((await bell(headers)).meta.unread);
    clock.set(T0);
    await createLead();
    expect(await nextUnread()).toBe(first + 1);
    controller.abort();
    await expect.poll(() => ctx.redis.keys(`${ctx.env.REDIS_PREFIX}:user-limits:inflight:${ann.member.userId}`)).toEqual([]);
  });
});

describe('account mails', () => {
  const logOf = (recipient: string, kind: string) => ctx.db.notificationLog.findFirst({ where: { recipient, kind } });
  const mailTo = (to: string) => received.find((mail) => mail.to === to);
  const role = async () => (await ctx.db.role.findFirstOrThrow({ where: { companyId: admin.company.id } })).id;

  it('mails the invitation over SMTP with a link that works, and logs it as sent', async () => {
    const email = 'invited.smtp@example.com';
    const res = await restAs(ctx, admin.admin).post('users/invite', { email, fullName: 'Ivy Smtp', role: await role(), assets: [] });
    expect(res.statusCode, res.body).toBe(201);
    const answered = res.json().data.link as string;
    await expect.poll(() => mailTo(email)?.subject).toContain('invited you');
    const link = /https?:\/\/\S+accept-invite\?token=\S+/.exec(mailTo(email)?.text ?? '')?.[0] ?? '';
    expect(link).toBe(answered);
    // The mailed link is the one that sets the password and signs in.
    const token = new URL(link).searchParams.get('token');
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/accept-invite',
      payload: { token, password: 'Str0ng-Passw0rd!' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await logOf(email, 'invite')).toMatchObject({ channel: 'email', status: 'sent', error: null, companyId: admin.company.id });
  });

  it('logs the password reset and both sign-up mails, each with its kind', async () => {
    const user = await ctx.db.user.findUniqueOrThrow({ where: { id: admin.admin.userId } });
    const forgot = await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    expect(forgot.statusCode, forgot.body).toBe(200);
    await expect.poll(() => logOf(user.email, 'passwordReset')).toMatchObject({ status: 'sent', companyId: admin.company.id });
    expect(mailTo(user.email)?.text).toContain('/reset-password?token=');

    const signUp = { fullName: 'Sam Owner', companyName: 'Smtp Realty', email: 'owner.smtp@example.com', password: 'Str0ng-Passw0rd!' };
    const registered = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: signUp });
    expect(registered.statusCode, registered.body).toBe(202);
    await expect.poll(() => logOf(signUp.email, 'signUp')).toMatchObject({ status: 'sent', subject: 'Your account is ready' });
    const again = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: signUp });
    expect(again.statusCode).toBe(202);
    await expect.poll(() => logOf(signUp.email, 'signUpExisting')).toMatchObject({ status: 'sent' });
  });

  it('logs a mail the server refused as failed, with its error, and the invitation still stands', async () => {
    const email = 'bounce-invite@example.com';
    const res = await restAs(ctx, admin.admin).post('users/invite', { email, fullName: 'Bo Unce', role: await role(), assets: [] });
    expect(res.statusCode, res.body).toBe(201);
    const row = await logOf(email, 'invite');
    expect(row).toMatchObject({ status: 'failed', companyId: admin.company.id });
    expect(row?.error).toContain('mailbox unavailable');
    expect(mailTo(email)).toBeUndefined();
  });
});
