import { UnrecoverableError } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTrustpilotFake, TRUSTPILOT_FAKE_CREDENTIALS, type TrustpilotFake } from '../../../../../test/fakes/trustpilot.fake.js';
import { createTestApp, type TestContext } from '../../../../../test/test-app.js';
import { createViewingWorld, fromNow, type ViewingWorld } from '../../../viewings/testing.js';
import { ProviderCallError } from '../../provider-call.js';
import { capturedLogs, everythingSaid, runJob, runQueuedJob } from '../provider-test-kit.js';
import { inviteCustomer, trustpilotInvitationJob } from './trustpilot-invite.job.js';

// Trustpilot against a local fake of its OAuth and Invitations APIs: the connection test (client credentials), an
// email invitation after a viewing is done or after a deal is won (whichever the integration's trigger names), at
// most once per customer and trigger, 5xx retried then reported, and no key, secret or token in any answer or log.

const CONFIG = { businessUnitId: 'bu-fake-0001', templateId: 'tpl-fake-1', senderEmail: 'reviews@example.com', locale: 'en-GB' };

let ctx: TestContext;
let trustpilot: TrustpilotFake;
let world: ViewingWorld;
const logs = capturedLogs();
const answers: string[] = [];

const say = async <T extends { body: string }>(res: T) => {
  answers.push(res.body);
  return res;
};
const configure = (body: object) => world.api('PATCH', `assets/${world.asset.id}/integrations/trustpilot`, body).then(say);
const jobId = (customerId: string, trigger: string) => `trustpilot-invitation-${world.asset.id}-${customerId}-${trigger}`;
const queued = (customerId: string, trigger: string) =>
  ctx.app.deps.jobs.queue(trustpilotInvitationJob.id).getJob(jobId(customerId, trigger));

/** A viewing of the lead, marked done. */
async function viewingDone(leadId: string) {
  const id: string = (await world.api('POST', 'viewings', { lead: leadId, startsAt: fromNow(-1) })).json().data._id;
  const done = await say(await world.api('PATCH', `viewings/${id}`, { status: 'done' }));
  expect(done.statusCode, done.body).toBe(200);
  return id;
}

beforeAll(async () => {
  trustpilot = await startTrustpilotFake();
  ctx = await createTestApp({
    envOverrides: {
      INTEGRATION_BASE_URL_TRUSTPILOT: trustpilot.url,
      INTEGRATION_BASE_URL_TRUSTPILOT_INVITATIONS: trustpilot.url,
      LOG_LEVEL: 'debug',
    },
    loggerStream: logs.stream,
  });
  world = await createViewingWorld(ctx);
});
afterAll(async () => {
  await ctx?.close();
  await trustpilot?.close();
});

describe('the connection test', () => {
  it('buys a token with the key and secret, and reports refused credentials', async () => {
    const test = () => world.api('POST', `assets/${world.asset.id}/integrations/trustpilot/test`).then(say);
    expect((await test()).statusCode).toBe(409);
    await configure({
      enabled: true,
      config: { ...CONFIG, trigger: 'viewing-done' },
      secrets: { apiKey: TRUSTPILOT_FAKE_CREDENTIALS.apiKey, apiSecret: 'not-the-secret-0000' },
    });
    expect((await test()).json().data).toMatchObject({ ok: false, detail: 'Trustpilot refused the credentials (HTTP 401).' });
    await configure({ secrets: { apiSecret: TRUSTPILOT_FAKE_CREDENTIALS.apiSecret } });
    expect((await test()).json().data).toMatchObject({ ok: true, detail: 'Trustpilot accepted the credentials.' });
    expect(trustpilot.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/oauth/oauth-business-users-for-applications/accesstoken',
    });
  });
});

describe('invitations', () => {
  it('invites the customer after a viewing is done, once however many viewings follow', async () => {
    const { leadId, customerId, email } = await world.lead();
    await viewingDone(leadId);
    expect(await runQueuedJob(ctx, trustpilotInvitationJob, jobId(customerId, 'viewing-done'))).toBe('sent');
    const invitation = await ctx.db.reviewInvitation.findUniqueOrThrow({
      where: { assetId_customerId_trigger: { assetId: world.asset.id, customerId, trigger: 'viewing-done' } },
    });
    expect(invitation).toMatchObject({ status: 'sent', leadId, error: null });
    expect(trustpilot.invitations).toHaveLength(1);
    expect(trustpilot.invitations[0]).toMatchObject({
      businessUnitId: CONFIG.businessUnitId,
      body: {
        consumerEmail: email,
        consumerName: expect.stringMatching(/^Cust /),
        referenceNumber: invitation.id,
        locale: 'en-GB',
        senderEmail: CONFIG.senderEmail,
        replyTo: CONFIG.senderEmail,
        type: 'email',
        serviceReviewInvitation: { templateId: CONFIG.templateId, tags: ['viewing-done'] },
      },
    });

    await viewingDone(leadId);
    expect(await queued(customerId, 'viewing-done')).toBeUndefined();
    expect(
      await inviteCustomer(ctx.app.deps, { assetId: world.asset.id, customerId, trigger: 'viewing-done', leadId, viewingId: null }),
    ).toBe('already');
    expect(trustpilot.invitations).toHaveLength(1);
  });

  it('skips a customer without email, and invites after a won deal only when that is the trigger', async () => {
    const noEmail = await world.lead();
    await ctx.db.customer.update({ where: { id: noEmail.customerId }, data: { email: null } });
    await viewingDone(noEmail.leadId);
    expect(await runQueuedJob(ctx, trustpilotInvitationJob, jobId(noEmail.customerId, 'viewing-done'))).toBe('skipped');

    const { leadId, customerId, email } = await world.lead();
    const stage = (name: string) => world.api('PATCH', `properties/leads/stage/${leadId}`, { stage: name, status: 'Open' }).then(say);
    expect((await stage('Deal')).statusCode).toBe(200);
    expect(await queued(customerId, 'deal-won')).toBeUndefined();

    await configure({ config: { ...CONFIG, trigger: 'deal-won' } });
    await viewingDone(leadId);
    expect(await queued(customerId, 'viewing-done')).toBeUndefined();
    await stage('Offer');
    const won = await stage('Successful');
    expect(won.statusCode, won.body).toBe(200);
    expect(await runQueuedJob(ctx, trustpilotInvitationJob, jobId(customerId, 'deal-won'))).toBe('sent');
    expect(trustpilot.invitations.at(-1)?.body).toMatchObject({ consumerEmail: email, serviceReviewInvitation: { tags: ['deal-won'] } });
  });

  it('retries a 5xx and reports the last failure on the invitation', async () => {
    const { customerId, leadId } = await world.lead();
    const payload = { assetId: world.asset.id, customerId, trigger: 'deal-won', leadId, viewingId: null };
    trustpilot.failNext(503);
    await expect(runJob(ctx, trustpilotInvitationJob, payload, 0)).rejects.toBeInstanceOf(ProviderCallError);
    const key = { assetId_customerId_trigger: { assetId: world.asset.id, customerId, trigger: 'deal-won' } };
    expect((await ctx.db.reviewInvitation.findUniqueOrThrow({ where: key })).status).toBe('queued');
    trustpilot.failNext(500);
    await expect(runJob(ctx, trustpilotInvitationJob, payload, 4)).rejects.toBeInstanceOf(UnrecoverableError);
    expect(await ctx.db.reviewInvitation.findUniqueOrThrow({ where: key })).toMatchObject({
      status: 'failed',
      error: 'Trustpilot answered HTTP 500 to POST /v1/oauth/oauth-business-users-for-applications/accesstoken.',
    });
  });

  it('never shows the API key, secret or token in an answer, the integration log or the server log', async () => {
    const everything = await everythingSaid(ctx, answers, logs.lines);
    for (const secret of [TRUSTPILOT_FAKE_CREDENTIALS.apiKey, TRUSTPILOT_FAKE_CREDENTIALS.apiSecret, 'tp-access-fake-token'])
      expect(everything, secret).not.toContain(secret);
  });
});
