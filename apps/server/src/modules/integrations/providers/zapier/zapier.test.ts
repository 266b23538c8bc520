import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS as P } from '@crm/domain';
import type { FakeProvider } from '../../../../../test/fakes/fake-http.js';
import { jsonBody } from '../../../../../test/fakes/fake-http.js';
import { startZapierTarget } from '../../../../../test/fakes/zapier.fake.js';
import { createTestApp, type TestContext } from '../../../../../test/test-app.js';
import { createLeadWorld, leadPayload, type LeadWorld } from '../../../leads/testing.js';
import { assetApi, eventually, superAdminOf } from '../provider-test-kit.js';
import { zapierDeliverJob } from './zapier-deliver.job.js';

// Zapier REST hooks with a local target server (INTEGRATION_BASE_URL_ZAPIER): subscribe and unsubscribe with one of
// the asset's API keys, triggers POSTed to each subscribed target by a job, 410 unsubscribing, the triggers and
// actions lookups, and a Zap's action (create a lead through chekinio) with the same key.

let ctx: TestContext;
let target: FakeProvider;
let world: LeadWorld;
let admin: { authorization: string };
let api: ReturnType<typeof assetApi>;
let key: string;
const gone = new Set<string>();

const zapier = (method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object, apiKey = key) =>
  ctx.app.inject({ method, url: `/api/integrations/zapier/${path}`, headers: { 'x-api-key': apiKey }, ...(payload ? { payload } : {}) });
const hookUrl = (name: string) => `${target.url}/hooks/standard/123/${name}/`;

beforeAll(async () => {
  target = await startZapierTarget(gone);
  ctx = await createTestApp({
    envOverrides: { RUN_WORKERS: 'true', JOBS_CLOSE_TIMEOUT_MS: '500', INTEGRATION_BASE_URL_ZAPIER: target.url },
  });
  world = await createLeadWorld(ctx);
  admin = await superAdminOf(ctx, world);
  api = assetApi(ctx, world, admin);
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/api-keys/create',
    headers: admin,
    payload: { name: 'Zapier', permissions: [P.LEADS_REPORT_VIEW, P.LEAD_ADD, P.LEAD_UPDATE, P.DEALS_VIEW] },
  });
  expect(created.statusCode, created.body).toBe(201);
  key = created.json().data.key;
});
afterAll(async () => {
  await ctx?.close();
  await target?.close();
});

describe('Zapier', () => {
  it('answers 409 before Zapier is on, and 401 without a key', async () => {
    const res = await zapier('POST', 'hooks', { event: 'lead.created', targetUrl: hookUrl('a') });
    expect(res.statusCode).toBe(409);
    expect(res.json().data).toEqual({ provider: 'zapier', reason: 'NOT_CONFIGURED' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/integrations/zapier/me' })).statusCode).toBe(401);
  });

  it('subscribes a Zapier target to a trigger (once), refusing other addresses and switched-off triggers', async () => {
    await api('PATCH', 'integrations/zapier', { enabled: true, config: { enabledTriggers: ['lead.created', 'lead.stage_changed'] } });
    expect((await zapier('GET', 'me')).json().data).toEqual({ asset: { id: world.asset.id, name: world.asset.name }, keyName: 'Zapier' });
    const outside = await zapier('POST', 'hooks', { event: 'lead.created', targetUrl: 'http://169.254.169.254/latest/' });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().data).toEqual({ targetUrl: ['Target URL must be an https address of Zapier (hooks.zapier.com).'] });
    const off = await zapier('POST', 'hooks', { event: 'listing.published', targetUrl: hookUrl('b') });
    expect(off.statusCode).toBe(409);
    const first = await zapier('POST', 'hooks', { event: 'lead.created', targetUrl: hookUrl('a') });
    expect(first.statusCode, first.body).toBe(201);
    const again = await zapier('POST', 'hooks', { event: 'lead.created', targetUrl: hookUrl('a') });
    expect(again.json().data._id).toBe(first.json().data._id);
    const triggers = await api('GET', 'integrations/triggers/zapier');
    expect(triggers.json().data.find((t: { key: string }) => t.key === 'lead.created')).toMatchObject({ enabled: true, subscriptions: 1 });
    expect(triggers.json().data.find((t: { key: string }) => t.key === 'deal.won')).toMatchObject({
      enabled: false,
      available: true,
      sample: { event: 'deal.won', data: { stage: 'closed-won', commission: 4_800_000 } },
    });
    const actions = await api('GET', 'integrations/actions/zapier');
    expect(actions.json().data.map((a: { path: string }) => a.path)).toEqual([
      '/api/properties/leads/chekinio',
      '/api/properties/leads/cms/{id}',
    ]);
  });

  it("POSTs lead.created to the target, and a Zap's action (chekinio with the key) fires it too", async () => {
    const customer = await ctx.db.customer.create({
      data: {
        companyId: world.company.id,
        assetId: world.asset.id,
        customerID: 'C-Z-1',
        firstName: 'Hana',
        fullName: 'Hana Z',
        email: 'hana@example.com',
      },
    });
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/properties/leads/chekinio',
      headers: { 'x-api-key': key },
      payload: { ...leadPayload(world, customer.id), inputSource: 'zapier', sourceDataId: 'zap-row-1' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const lead = created.json().data as { _id: string; leadID: string };
    const delivered = await eventually(
      async () => target.requests.find((r) => r.body.includes(lead._id)),
      (found) => Boolean(found),
    );
    expect(delivered?.path).toBe('/hooks/standard/123/a/');
    expect(jsonBody(delivered ?? { method: '', path: '', headers: {}, body: '' })).toMatchObject({
      event: 'lead.created',
      asset: world.asset.id,
      data: {
        id: lead._id,
        leadID: lead.leadID,
        stage: 'New',
        customer: { id: customer.id, fullName: 'Hana Z', email: 'hana@example.com' },
      },
    });
    const log = await eventually(
      () => api('GET', 'integrations/logs?provider=zapier'),
      (res) => res.json().data.length > 0,
    );
    expect(log.json().data[0]).toMatchObject({ operation: 'POST hook lead.created', status: 200 });
    expect(log.body).not.toContain('/hooks/standard/123/a/');
  });

  it('POSTs deal.won to the target once a deal is won, once', async () => {
    await api('PATCH', 'integrations/zapier', {
      enabled: true,
      config: { enabledTriggers: ['lead.created', 'lead.stage_changed', 'deal.won'] },
    });
    expect((await zapier('POST', 'hooks', { event: 'deal.won', targetUrl: hookUrl('won') })).statusCode).toBe(201);
    const customer = await world.customer();
    const staff = (method: 'POST' | 'PATCH', url: string, payload: object) =>
      ctx.app.inject({ method, url: `/api/${url}`, headers: admin, payload });
    const lead = await staff(
      'POST',
      'properties/leads/create',
      leadPayload(world, customer.id, { isManualAssignment: true, maxPrice: 1_000_000 }),
    );
    expect(lead.statusCode, lead.body).toBe(201);
    const moved = await staff('PATCH', `properties/leads/stage/${lead.json().data._id}`, { stage: 'Deal', status: 'Open' });
    expect(moved.statusCode, moved.body).toBe(200);
    const deal = await ctx.db.deal.findFirstOrThrow({ where: { leadId: lead.json().data._id } });
    // A rent or sale deal needs its signed contract before it is won: the rules' defaults, held here by the row.
    await ctx.db.deal.update({
      where: { id: deal.id },
      data: {
        documents: [
          { file: deal.id, kind: 'Form F / MOU', name: 'f.pdf', url: null },
          { file: deal.id, kind: 'Tenancy contract', name: 't.pdf', url: null },
        ],
      },
    });
    const won = await staff('PATCH', `deals/${deal.id}/stage`, { stage: 'closed-won' });
    expect(won.statusCode, won.body).toBe(200);
    const delivered = await eventually(
      async () => target.requests.filter((r) => r.path === '/hooks/standard/123/won/'),
      (found) => found.length > 0,
    );
    expect(delivered).toHaveLength(1);
    expect(jsonBody(delivered[0] ?? { method: '', path: '', headers: {}, body: '' })).toMatchObject({
      event: 'deal.won',
      data: { id: deal.id, stage: 'closed-won', value: 100_000_000, customer: { id: customer.id } },
    });
  });

  it('removes a subscription whose target answers 410, and throws a 5xx for BullMQ to retry', async () => {
    gone.add('/hooks/standard/123/gone/');
    const sub = await zapier('POST', 'hooks', { event: 'lead.stage_changed', targetUrl: hookUrl('gone') });
    expect(sub.statusCode).toBe(201);
    const customer = await world.customer();
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/properties/leads/create',
      headers: await world.manager.headers(),
      payload: leadPayload(world, customer.id),
    });
    const leadId = created.json().data._id as string;
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/properties/leads/stage/${leadId}`,
      headers: await world.manager.headers(),
      payload: { stage: 'Qualified', status: 'Open' },
    });
    const left = await eventually(
      () => ctx.db.zapierSubscription.count({ where: { id: sub.json().data._id } }),
      (count) => count === 0,
    );
    expect(left).toBe(0);
    // Zapier turned the Zap off: the removal is in the activity log, by no user, without the hook's secret path.
    const removed = await ctx.db.activityLog.findFirstOrThrow({
      where: { subjectType: 'zapierSubscriptions', subjectId: sub.json().data._id, action: 'delete' },
    });
    expect(removed).toMatchObject({ userId: null, assetId: world.asset.id });
    expect(removed.changes).toEqual({ before: { event: 'lead.stage_changed', target: new URL(target.url).origin } });

    const event = await ctx.db.productEvent.findFirstOrThrow({ where: { type: 'lead.created' } });
    const live = await ctx.db.zapierSubscription.findFirstOrThrow({ where: { event: 'lead.created' } });
    target.failNext(502);
    await expect(
      zapierDeliverJob.handle({ subscriptionId: live.id, eventId: event.id }, { deps: ctx.app.deps, job: {} as never, signal: undefined }),
    ).rejects.toMatchObject({ name: 'ProviderCallError', retryable: true });
  });

  it('unsubscribes with the key; another call for it is 404', async () => {
    const live = await ctx.db.zapierSubscription.findFirstOrThrow({ where: { event: 'lead.created' } });
    expect((await zapier('DELETE', `hooks/${live.id}`)).statusCode).toBe(200);
    expect((await zapier('DELETE', `hooks/${live.id}`)).statusCode).toBe(404);
  });
});
