import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeProvider } from '../../../test/fakes/fake-http.js';
import { jsonBody } from '../../../test/fakes/fake-http.js';
import { firebaseServiceAccount, startFirebaseFake } from '../../../test/fakes/firebase.fake.js';
import { type SmtpFake, startSmtpFake } from '../../../test/fakes/smtp.fake.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createDealWorld, type DealWorld } from '../deals/testing.js';
import { assetApi, eventually } from '../integrations/testing.js';

// Reminders exactly once per channel across worker crashes (docs/architecture.md 'Background jobs'): real worker
// processes (test/fixtures/reminder-crash-worker.ts) over the test's PostgreSQL and Redis, killed with SIGKILL around
// the reminder's time: the first just before it, the second the moment it is about to mail the reminder (its bell
// row committed, no mail nor push yet). A third, left running, finishes the work: one bell row, one mail and one
// push in all.

const secrets = {
  JWT_SECRET: randomBytes(32).toString('base64url'),
  INTERCOM_SECRET: randomBytes(16).toString('base64url'),
  INTEGRATIONS_ENC_KEY: randomBytes(32).toString('base64'),
};
const DEVICE = 'device-token-crash-0001';
let ctx: TestContext;
let world: DealWorld;
let smtp: SmtpFake;
let fcm: FakeProvider;
const children: ChildProcess[] = [];

interface Worker {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  ready: Promise<void>;
}

function startWorker(crash?: 'mail'): Worker {
  const env = {
    NODE_ENV: 'test',
    DATABASE_URL: ctx.database.url,
    REDIS_URL: ctx.env.REDIS_URL,
    REDIS_PREFIX: ctx.env.REDIS_PREFIX,
    LOG_LEVEL: 'silent',
    JOBS_CLOSE_TIMEOUT_MS: '500',
    INTEGRATION_BASE_URL_FIREBASE: fcm.url,
    ...secrets,
  };
  const script = fileURLToPath(new URL('../../../test/fixtures/reminder-crash-worker.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: {
      ...process.env,
      REMINDER_WORKER_ENV: JSON.stringify(env),
      REMINDER_SMTP_URL: smtp.url,
      ...(crash ? { REMINDER_CRASH: crash } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
    if (output.includes('ready')) markReady();
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, exited, ready };
}

const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

beforeAll(async () => {
  smtp = await startSmtpFake();
  fcm = await startFirebaseFake();
  ctx = await createTestApp({ envOverrides: { ...secrets, INTEGRATION_BASE_URL_FIREBASE: fcm.url } });
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
    payload: { token: DEVICE, platform: 'ios' },
  });
  expect(device.statusCode, device.body).toBe(200);
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await ctx?.close();
  await smtp?.close();
  await fcm?.close();
});

describe('a reminder whose workers are killed around its time', () => {
  it('is in the bell once, mailed once and pushed once when the last worker is done', async () => {
    const ann = world.agents[0];
    const first = startWorker();
    await first.ready;
    const reminderAt = new Date(Date.now() + 8000);
    const res = await world.rest('POST', 'activities', {
      type: 'task',
      subject: 'Crash-proof reminder',
      lead: await world.saleLead(),
      dueAt: new Date(reminderAt.getTime() + 3_600_000).toISOString(),
      reminderAt: reminderAt.toISOString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data._id as string;
    const bell = () => ctx.db.staffNotification.findMany({ where: { activityId: id, kind: 'activityReminder' } });
    const mails = () => smtp.received.filter((mail) => mail.subject === 'Reminder: Crash-proof reminder');
    const pushes = () =>
      fcm.requests
        .filter((r) => r.path.endsWith('/messages:send'))
        .map((r) => jsonBody(r).message as { token: string; data: { kind: string; activityId?: string } })
        .filter((message) => message.data.kind === 'activityReminder' && message.data.activityId === id);

    // Killed a second before the time: nothing of the reminder yet.
    await sleepUntil(reminderAt.getTime() - 1000);
    first.child.kill('SIGKILL');
    expect(await first.exited, first.output()).toEqual({ code: null, signal: 'SIGKILL' });
    expect(await bell()).toEqual([]);

    // The next worker raises it at its tick and dies as it is about to mail it.
    const second = startWorker('mail');
    expect(await second.exited, second.output()).toEqual({ code: null, signal: 'SIGKILL' });
    const raised = await bell();
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ userId: ann.member.userId, emailStatus: 'pending' });
    expect(await ctx.db.activityReminderFired.count({ where: { activityId: id } })).toBe(1);
    expect(mails()).toEqual([]);
    expect(pushes()).toEqual([]);

    // The last one finishes: the mail and the push, once each, and the bell still holds one.
    const third = startWorker();
    await third.ready;
    await eventually(
      async () => ({ mailed: mails().length, pushed: pushes().length }),
      (sent) => sent.mailed >= 1 && sent.pushed >= 1,
      60_000,
    );
    // Another tick or two of the same worker change nothing.
    await new Promise((resolve) => setTimeout(resolve, 16_000));
    expect(await bell()).toHaveLength(1);
    expect(mails()).toHaveLength(1);
    expect(mails()[0]?.to).toBe(ann.email);
    expect(pushes()).toHaveLength(1);
    expect(pushes()[0]?.token).toBe(DEVICE);
    expect((await ctx.db.staffNotification.findUniqueOrThrow({ where: { id: raised[0]?.id ?? '' } })).emailStatus).toBe('sent');
    third.child.kill('SIGTERM');
    await third.exited;
  }, 150_000);
});
