import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeProvider } from '../../../../../test/fakes/fake-http.js';
import { jsonBody } from '../../../../../test/fakes/fake-http.js';
import { FIREBASE_FAKE_ACCESS_TOKEN, firebaseServiceAccount, startFirebaseFake } from '../../../../../test/fakes/firebase.fake.js';
import { createTestApp, type TestContext } from '../../../../../test/test-app.js';
import { createLeadWorld, leadPayload, type LeadWorld } from '../../../leads/testing.js';
import { sendPendingMails } from '../../../notifications/testing.js';
import { assetApi, eventually, superAdminOf } from '../provider-test-kit.js';
import { firebasePushJob } from './firebase-push.job.js';

// Firebase against a local fake that is both the service account's token_uri and FCM HTTP v1: the connection test
// (an access token from the JWT grant), staff registering their devices, a staff notification pushed to each device
// of its person, an UNREGISTERED device removed, and a 5xx thrown for BullMQ to retry.

let ctx: TestContext;
let fcm: FakeProvider;
let world: LeadWorld;
let api: ReturnType<typeof assetApi>;
const GONE = 'device-token-gone-0001';

const sends = () => fcm.requests.filter((r) => r.path.endsWith('/messages:send'));

beforeAll(async () => {
  fcm = await startFirebaseFake(new Set([GONE]));
  ctx = await createTestApp({
    envOverrides: { RUN_WORKERS: 'true', JOBS_CLOSE_TIMEOUT_MS: '500', INTEGRATION_BASE_URL_FIREBASE: fcm.url },
  });
  world = await createLeadWorld(ctx);
  api = assetApi(ctx, world, await superAdminOf(ctx, world));
});
afterAll(async () => {
  await ctx?.close();
  await fcm?.close();
});

describe('Firebase', () => {
  it("refuses a token_uri that is not Google's, then gets an access token with the JWT grant", async () => {
    await api('PATCH', 'integrations/firebase', {
      config: { projectId: 'crm-demo' },
      secrets: { serviceAccountJson: firebaseServiceAccount('https://attacker.example/token') },
    });
    const refused = await api('POST', 'integrations/firebase/test');
    expect(refused.json().data).toMatchObject({
      ok: false,
      detail: "Firebase: The service account's token_uri is not Google's token endpoint.",
    });
    expect(fcm.requests).toHaveLength(0);

    const account = firebaseServiceAccount(`${fcm.url}/token`);
    await api('PATCH', 'integrations/firebase', { enabled: true, secrets: { serviceAccountJson: account } });
    const ok = await api('POST', 'integrations/firebase/test');
    expect(ok.json().data).toMatchObject({ ok: true, detail: 'Firebase accepted the credentials.' });
    const grant = new URLSearchParams(fcm.requests.at(-1)?.body ?? '');
    expect(grant.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    expect(ok.body).not.toContain('PRIVATE KEY');
    expect((await api('GET', 'integrations/firebase')).body).not.toContain('PRIVATE KEY');
  });

  it('lets a signed-in person register and forget devices; a token moves to whoever registers it last', async () => {
    const ann = await world.agents[0].headers();
    const bob = await world.agents[1].headers();
    const post = (headers: object, token: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/profile/push-tokens', headers: { ...headers }, payload: { token, platform: 'android' } });
    expect((await post(ann, 'device-token-ann-00001')).statusCode).toBe(200);
    expect((await post(ann, GONE)).statusCode).toBe(200);
    expect((await post(bob, 'device-token-shared-001')).statusCode).toBe(200);
    const moved = await post(ann, 'device-token-shared-001');
    expect(moved.json().data).toMatchObject({ platform: 'android', tokenHint: '••••-001' });
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/profile/push-tokens', headers: ann });
    expect(mine.json().data).toHaveLength(3);
    expect(mine.body).not.toContain('device-token-ann-00001');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile/push-tokens', headers: bob })).json().data).toEqual([]);
    const forget = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/profile/push-tokens',
      headers: ann,
      payload: { token: 'device-token-shared-001' },
    });
    expect(forget.statusCode).toBe(200);
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/profile/push-tokens',
      headers: bob,
      payload: { token: 'device-token-ann-00001' },
    });
    expect(again.statusCode).toBe(404);
    const bad = await post(ann, '');
    expect(bad.statusCode).toBe(400);
  });

  it("pushes a staff notification to each of its person's devices and removes an UNREGISTERED one", async () => {
    const customer = await world.customer();
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/properties/leads/create',
      headers: await world.manager.headers(),
      payload: leadPayload(world, customer.id),
    });
    expect(created.statusCode, created.body).toBe(201);
    const lead = created.json().data as { _id: string; leadID: string };
    await sendPendingMails(ctx.app.deps);
    const pushed = await eventually(
      async () => sends().filter((r) => r.body.includes(lead._id)),
      (found) => found.length >= 2,
    );
    const bodies = pushed.map((r) => jsonBody(r).message as { token: string; notification: { title: string }; data: { leadId: string } });
    expect(bodies.map((b) => b.token).sort()).toEqual(['device-token-ann-00001', GONE].sort());
    expect(bodies[0]?.notification.title).toBe(`Lead ${lead.leadID} was assigned to you`);
    expect(bodies[0]?.data.leadId).toBe(lead._id);
    expect(pushed[0]?.headers.authorization).toBe(`Bearer ${FIREBASE_FAKE_ACCESS_TOKEN}`);
    expect(pushed[0]?.path).toBe('/v1/projects/crm-demo/messages:send');
    const logs = await api('GET', 'integrations/logs?provider=firebase');
    expect(logs.body).toContain('messages:send');
    expect(logs.body).not.toContain(FIREBASE_FAKE_ACCESS_TOKEN);
    expect(logs.body).not.toContain('PRIVATE KEY');
    const gone = await eventually(
      () => ctx.db.pushDevice.count({ where: { token: GONE } }),
      (count) => count === 0,
    );
    expect(gone).toBe(0);
  });

  it('throws an FCM 5xx for BullMQ to retry', async () => {
    const device = await ctx.db.pushDevice.findFirstOrThrow({ where: { token: 'device-token-ann-00001' } });
    const notification = await ctx.db.staffNotification.findFirstOrThrow({ where: { userId: device.userId } });
    fcm.failNext(503);
    await expect(
      firebasePushJob.handle(
        { notificationId: notification.id, deviceId: device.id },
        { deps: ctx.app.deps, job: {} as never, signal: undefined },
      ),
    ).rejects.toMatchObject({ name: 'ProviderCallError', retryable: true });
    expect(await ctx.db.pushDevice.count({ where: { id: device.id } })).toBe(1);
  });
});
