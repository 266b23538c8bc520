import { UnrecoverableError } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeKeyPair } from '../../../../../test/fakes/fake-jwt.js';
import { GOOGLE_FAKE_CLIENT, type GoogleCalendarFake, startGoogleCalendarFake } from '../../../../../test/fakes/googlecalendar.fake.js';
import { createTestApp, type TestContext } from '../../../../../test/test-app.js';
import { createViewingWorld, fromNow, type ViewingWorld } from '../../../viewings/testing.js';
import { ProviderCallError } from '../../provider-call.js';
import { capturedLogs, everythingSaid, runJob, runQueuedJob } from '../provider-test-kit.js';
import { calendarSyncJob, syncViewingEvent } from './calendar-sync.job.js';

// Google Calendar against a local fake of Google's token endpoint and Calendar API v3: the connection test, a
// viewing's event added, moved, handed to another agent and removed with it (our id in a private extended property),
// a job run twice or after a lost id making no second event, 5xx retried then reported, per-user mode through an
// agent's consent, and no key or token in any answer or log.

let ctx: TestContext;
let google: GoogleCalendarFake;
let world: ViewingWorld;
const logs = capturedLogs();
const answers: string[] = [];

const say = async (res: Awaited<ReturnType<ViewingWorld['api']>>) => {
  answers.push(res.body);
  return res;
};
const configure = (body: object) => world.api('PATCH', `assets/${world.asset.id}/integrations/googlecalendar`, body).then(say);
const test = () => world.api('POST', `assets/${world.asset.id}/integrations/googlecalendar/test`).then(say);
const annEmail = () => world.agents[0].email;
const bobEmail = () => world.agents[1].email;

/** Schedules (or changes) a viewing and runs the calendar job that write queued; answers the viewing. */
async function write(method: 'POST' | 'PATCH', url: string, body: object) {
  const res = await say(await world.api(method, url, body));
  expect(res.statusCode, res.body).toBe(method === 'POST' ? 201 : 200);
  const viewing = res.json().data as { _id: string; updatedAt: string };
  await runQueuedJob(ctx, calendarSyncJob, `calendar-sync-${viewing._id}-${Date.parse(viewing.updatedAt)}`);
  return ctx.db.viewing.findUniqueOrThrow({ where: { id: viewing._id } });
}

beforeAll(async () => {
  google = await startGoogleCalendarFake();
  ctx = await createTestApp({
    envOverrides: {
      INTEGRATION_BASE_URL_GOOGLECALENDAR: google.url,
      INTEGRATION_BASE_URL_GOOGLECALENDAR_OAUTH: google.url,
      LOG_LEVEL: 'debug',
    },
    loggerStream: logs.stream,
  });
  world = await createViewingWorld(ctx);
});
afterAll(async () => {
  await ctx?.close();
  await google?.close();
});

describe('the connection test', () => {
  it('answers 409 before setup, then buys a token with the JWT grant and reads the calendar', async () => {
    const before = await test();
    expect(before.statusCode).toBe(409);
    expect(before.json().data).toEqual({ provider: 'googlecalendar', reason: 'NOT_CONFIGURED' });

    const saved = await configure({
      enabled: true,
      config: { mode: 'service-account' },
      secrets: { serviceAccountJson: google.serviceAccountJson },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const ok = await test();
    expect(ok.json().data).toMatchObject({ ok: true, detail: 'Google Calendar accepted the credentials.' });
    expect(google.requests.slice(-2).map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /token',
      'GET /calendar/v3/calendars/primary/events?maxResults=1',
    ]);
    expect((await world.api('GET', `assets/${world.asset.id}/integrations/googlecalendar`)).json().data.status).toBe('connected');
  });

  it("reports a key Google refuses, and refuses a token_uri that is not Google's without calling it", async () => {
    const account = JSON.parse(google.serviceAccountJson) as Record<string, string>;
    await configure({ secrets: { serviceAccountJson: JSON.stringify({ ...account, private_key: fakeKeyPair().privateKeyPem }) } });
    expect((await test()).json().data).toMatchObject({ ok: false, detail: 'Google Calendar refused the credentials (HTTP 400).' });
    const calls = google.requests.length;
    await configure({ secrets: { serviceAccountJson: JSON.stringify({ ...account, token_uri: 'https://evil.example.com/token' }) } });
    expect((await test()).json().data).toMatchObject({ ok: false, detail: expect.stringContaining("token_uri is not Google's") });
    expect(google.requests.length).toBe(calls);
    await configure({ secrets: { serviceAccountJson: google.serviceAccountJson } });
  });
});

describe("a viewing's event", () => {
  it("is added to the agent's calendar, moved, handed to another agent and removed with the viewing", async () => {
    const { leadId } = await world.lead();
    const startsAt = fromNow(2);
    let viewing = await write('POST', 'viewings', { lead: leadId, startsAt, notes: 'Gate code 1234' });
    const [event] = google.eventsOf(annEmail());
    expect(event).toMatchObject({
      id: viewing.calendarEventId,
      start: { dateTime: startsAt, timeZone: 'Asia/Dubai' },
      end: { dateTime: new Date(Date.parse(startsAt) + 30 * 60_000).toISOString(), timeZone: 'Asia/Dubai' },
      extendedProperties: { private: { crmViewingId: viewing.id, crmLeadId: leadId } },
    });
    expect(event?.summary).toMatch(/^Viewing: REF-.* with Cust /);
    expect(event?.description).toContain(`/reports/leads/${leadId}`);
    expect(event?.description).toContain('Gate code 1234');
    expect(viewing).toMatchObject({ calendarMemberId: world.agents[0].member.id, calendarError: null });

    const later = fromNow(3);
    viewing = await write('PATCH', `viewings/${viewing.id}`, { startsAt: later });
    expect(google.eventsOf(annEmail())).toMatchObject([{ id: event?.id, start: { dateTime: later } }]);

    viewing = await write('PATCH', `viewings/${viewing.id}`, { agent: world.agents[1].member.id });
    expect(google.eventsOf(annEmail())).toEqual([]);
    expect(google.eventsOf(bobEmail())).toMatchObject([
      { id: viewing.calendarEventId, extendedProperties: { private: { crmViewingId: viewing.id } } },
    ]);

    viewing = await write('PATCH', `viewings/${viewing.id}`, { status: 'cancelled' });
    expect(google.eventsOf(bobEmail())).toEqual([]);
    expect(viewing).toMatchObject({ calendarEventId: null, calendarMemberId: null });
  });

  it('stays one event when the job runs twice, when our id was lost, or when the event was deleted in Google', async () => {
    const { leadId } = await world.lead();
    const viewing = await write('POST', 'viewings', { lead: leadId, startsAt: fromNow(5) });
    const mine = () => google.eventsOf(annEmail()).filter((e) => e.extendedProperties?.private?.crmViewingId === viewing.id);
    expect(await syncViewingEvent(ctx.app.deps, viewing.id)).toBe('updated');
    await ctx.db.viewing.update({ where: { id: viewing.id }, data: { calendarEventId: null, calendarMemberId: null } });
    expect(await syncViewingEvent(ctx.app.deps, viewing.id)).toBe('updated');
    expect(mine()).toHaveLength(1);
    google.calendars.get(`${annEmail()} primary`)?.delete(mine()[0]?.id ?? '');
    expect(await syncViewingEvent(ctx.app.deps, viewing.id)).toBe('inserted');
    expect(mine()).toHaveLength(1);
  });

  it('retries a 5xx, and after the last attempt (or at once for a setup fault) writes the reason on the viewing', async () => {
    const { leadId } = await world.lead();
    const res = await world.api('POST', 'viewings', { lead: leadId, startsAt: fromNow(6) });
    const id: string = res.json().data._id;
    google.failNext(503);
    await expect(syncViewingEvent(ctx.app.deps, id)).rejects.toMatchObject({ retryable: true, status: 503 });
    google.failNext(500);
    const retried = runJob(ctx, calendarSyncJob, { viewingId: id }, 0);
    await expect(retried).rejects.toBeInstanceOf(ProviderCallError);
    google.failNext(502);
    await expect(runJob(ctx, calendarSyncJob, { viewingId: id }, 4)).rejects.toBeInstanceOf(UnrecoverableError);
    expect((await ctx.db.viewing.findUniqueOrThrow({ where: { id } })).calendarError).toMatch(/Google Calendar answered HTTP 502/);
    // The next good run clears it.
    await runJob(ctx, calendarSyncJob, { viewingId: id });
    expect((await ctx.db.viewing.findUniqueOrThrow({ where: { id } })).calendarError).toBeNull();

    await ctx.db.teamMember.update({ where: { id: world.agents[2].member.id }, data: { email: null } });
    const cem = await world.api('PATCH', `viewings/${id}`, { agent: world.agents[2].member.id });
    await expect(runJob(ctx, calendarSyncJob, { viewingId: cem.json().data._id }, 0)).rejects.toBeInstanceOf(UnrecoverableError);
    expect((await ctx.db.viewing.findUniqueOrThrow({ where: { id } })).calendarError).toBe(
      'Agent Cem has no email address to open their calendar with.',
    );
  });
});

describe('per-user mode', () => {
  it("connects an agent's own calendar through Google's consent and writes their viewings with their token", async () => {
    await configure({
      enabled: true,
      config: { mode: 'per-user', clientId: GOOGLE_FAKE_CLIENT.clientId },
      secrets: { clientSecret: GOOGLE_FAKE_CLIENT.clientSecret },
    });
    const ann = await world.agents[0].headers();
    const call = (method: 'GET' | 'POST' | 'DELETE', path: string) =>
      ctx.app.inject({ method, url: `/api/integrations/googlecalendar/${path}`, headers: ann }).then(say);
    expect((await call('GET', 'connection')).json().data).toEqual({ available: true, connected: false });
    const consent = new URL((await call('POST', 'connect')).json().data.url);
    expect(consent.origin + consent.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(consent.searchParams)).toMatchObject({
      client_id: GOOGLE_FAKE_CLIENT.clientId,
      redirect_uri: `${ctx.env.APP_URL.replace(/\/$/, '')}/api/integrations/googlecalendar/oauth-callback`,
      access_type: 'offline',
      scope: 'https://www.googleapis.com/auth/calendar.events',
    });
    const state = consent.searchParams.get('state') ?? '';

    const forged = await ctx.app.inject({ method: 'GET', url: `/api/integrations/googlecalendar/oauth-callback?code=x&state=${state}x` });
    expect(forged.body).toContain('/profile?calendar=failed"');
    google.codes.set('consent-code-1', 'refresh-token-of-ann-0123456789');
    google.refreshTokens.set('refresh-token-of-ann-0123456789', 'ann@google');
    const back = await ctx.app.inject({
      method: 'GET',
      url: `/api/integrations/googlecalendar/oauth-callback?code=consent-code-1&state=${state}`,
    });
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toMatch(/^text\/html/);
    expect(back.body).toContain(`<meta http-equiv="refresh" content="0;url=${new URL('/profile?calendar=connected', ctx.env.APP_URL)}">`);
    const stored = await ctx.db.memberCalendarToken.findUniqueOrThrow({ where: { memberId: world.agents[0].member.id } });
    expect(stored.sealedRefreshToken).not.toContain('refresh-token-of-ann');
    expect((await call('GET', 'connection')).json().data).toEqual({ available: true, connected: true });
    expect((await test()).json().data).toMatchObject({ ok: true });

    const { leadId } = await world.lead();
    const viewing = await write('POST', 'viewings', { lead: leadId, startsAt: fromNow(7) });
    expect(google.eventsOf('ann@google')).toMatchObject([{ id: viewing.calendarEventId }]);
    // Bob never connected: his viewing says so, and is not retried.
    const bobs = await world.api('PATCH', `viewings/${viewing.id}`, { agent: world.agents[1].member.id });
    await expect(runJob(ctx, calendarSyncJob, { viewingId: bobs.json().data._id })).rejects.toBeInstanceOf(UnrecoverableError);
    expect((await ctx.db.viewing.findUniqueOrThrow({ where: { id: viewing.id } })).calendarError).toBe(
      'Agent Bob has not connected their Google Calendar.',
    );
    expect(google.eventsOf('ann@google')).toEqual([]);
    expect((await call('DELETE', 'connect')).json().data).toEqual({ available: true, connected: false });
  });

  it('never shows a key, a token or a client secret in an answer, the integration log or the server log', async () => {
    const account = JSON.parse(google.serviceAccountJson) as { private_key: string };
    const everything = await everythingSaid(ctx, answers, logs.lines);
    const privateKeyBody = account.private_key.split('\n')[1] ?? '';
    for (const secret of [privateKeyBody, GOOGLE_FAKE_CLIENT.clientSecret, 'refresh-token-of-ann', 'ya29.fake-', 'consent-code-1'])
      expect(everything, secret).not.toContain(secret);
    expect(logs.lines.length).toBeGreaterThan(0);
  });
});
