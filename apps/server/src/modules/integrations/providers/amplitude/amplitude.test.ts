import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMPLITUDE_FAKE_KEY, startAmplitudeFake } from '../../../../../test/fakes/amplitude.fake.js';
import type { FakeProvider } from '../../../../../test/fakes/fake-http.js';
import { createTestApp, type TestContext } from '../../../../../test/test-app.js';
import { createLeadWorld, leadPayload, type LeadWorld } from '../../../leads/testing.js';
import { recordLeadEvents } from '../lead-event-data.js';
import { assetApi, eventually, superAdminOf } from '../provider-test-kit.js';
import { amplitudeFlushJob } from './amplitude-flush.job.js';

// Amplitude against a local fake of its HTTP V2 API: the connection test, and the product events (lead created,
// accepted, stage changed, listing published) sent in batches by a job with insert_id, no personal data, an event
// recorded twice sent once, and a 5xx thrown for BullMQ to retry with the events still pending.

let ctx: TestContext;
let amp: FakeProvider;
let world: LeadWorld;
let admin: { authorization: string };
let api: ReturnType<typeof assetApi>;

interface SentEvent {
  event_type: string;
  user_id?: string;
  insert_id: string;
  event_properties: Record<string, unknown>;
}
const sentEvents = () =>
  amp.requests
    .filter((r) => r.path === '/2/httpapi' && !r.body.includes('CRM Connection Test'))
    .flatMap((r) => (JSON.parse(r.body) as { events: SentEvent[] }).events);

beforeAll(async () => {
  amp = await startAmplitudeFake();
  ctx = await createTestApp({
    envOverrides: { RUN_WORKERS: 'true', JOBS_CLOSE_TIMEOUT_MS: '500', INTEGRATION_BASE_URL_AMPLITUDE: amp.url },
  });
  world = await createLeadWorld(ctx);
  admin = await superAdminOf(ctx, world);
  api = assetApi(ctx, world, admin);
});
afterAll(async () => {
  await ctx?.close();
  await amp?.close();
});

describe('Amplitude', () => {
  it('records nothing while off, and tests the key with one test event', async () => {
    const customer = await world.customer();
    await ctx.app.inject({
      method: 'POST',
      url: '/api/properties/leads/create',
      headers: await world.manager.headers(),
      payload: leadPayload(world, customer.id),
    });
    expect(await ctx.db.productEvent.count()).toBe(0);
    await api('PATCH', 'integrations/amplitude', { config: { region: 'us' }, secrets: { apiKey: 'wrong-key-0000000000' } });
    expect((await api('POST', 'integrations/amplitude/test')).json().data).toMatchObject({
      ok: false,
      detail: 'Amplitude answered HTTP 400.',
    });
    await api('PATCH', 'integrations/amplitude', { enabled: true, secrets: { apiKey: AMPLITUDE_FAKE_KEY } });
    expect((await api('POST', 'integrations/amplitude/test')).json().data).toMatchObject({ ok: true });
  });

  it('sends lead created, accepted and stage changed, and listing published, in batches with insert_id', async () => {
    const customer = await world.customer();
    const manager = await world.manager.headers();
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/properties/leads/create',
      headers: manager,
      payload: leadPayload(world, customer.id),
    });
    const lead = created.json().data as { _id: string; leadID: string };
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: `/api/properties/leads/accept/${lead._id}`,
      headers: await world.agents[0].headers(),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const staged = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/properties/leads/stage/${lead._id}`,
      headers: manager,
      payload: { stage: 'Qualified', status: 'Open' },
    });
    expect(staged.statusCode, staged.body).toBe(200);
    const published = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/properties/listings/${world.listingWithoutAgent.id}`,
      headers: admin,
      payload: { status: 'Published' },
    });
    expect(published.statusCode, published.body).toBe(200);

    // The fake has a batch once it is sent; the job clears its events only after Amplitude answered: wait for both.
    const { events, stored } = await eventually(
      async () => ({
        events: sentEvents(),
        stored: await ctx.db.productEvent.findMany({ where: { assetId: world.asset.id } }),
      }),
      (now) => now.events.length >= 4 && now.stored.every((row) => !row.amplitudePending),
      20_000,
    );
    expect(events.map((e) => e.event_type).sort()).toEqual(['Lead Accepted', 'Lead Created', 'Lead Stage Changed', 'Listing Published']);
    expect(events.map((e) => e.insert_id).sort()).toEqual(stored.map((row) => row.id).sort());
    const stage = events.find((e) => e.event_type === 'Lead Stage Changed');
    expect(stage?.event_properties).toMatchObject({ lead_id: lead.leadID, stage: 'Qualified', previous_stage: 'New' });
    const body = amp.requests.map((r) => r.body).join('\n');
    expect(body).not.toContain(customer.fullName);
    expect(stored.every((row) => !row.amplitudePending)).toBe(true);
    const logs = await api('GET', 'integrations/logs?provider=amplitude');
    expect(logs.json().data.length).toBeGreaterThan(0);
    expect(logs.body).not.toContain(AMPLITUDE_FAKE_KEY);

    // The same change recorded again is the same event: nothing new is stored or sent.
    await recordLeadEvents(ctx.app.deps, world.asset.id, 'lead.created', [{ leadId: lead._id, userId: null, version: 'new' }]);
    expect(await ctx.db.productEvent.count({ where: { assetId: world.asset.id } })).toBe(stored.length);
  });

  it('throws a 5xx for BullMQ to retry and keeps the events pending', async () => {
    const customer = await world.customer();
    await ctx.db.productEvent.updateMany({ data: { amplitudePending: false } });
    amp.failNext(503, 503, 503, 503, 503);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/properties/leads/create',
      headers: await world.manager.headers(),
      payload: leadPayload(world, customer.id),
    });
    await eventually(
      () => ctx.db.productEvent.count({ where: { amplitudePending: true } }),
      (count) => count === 1,
    );
    await expect(
      amplitudeFlushJob.handle({ assetId: world.asset.id }, { deps: ctx.app.deps, job: {} as never, signal: undefined }),
    ).rejects.toMatchObject({
      name: 'ProviderCallError',
      retryable: true,
    });
    expect(await ctx.db.productEvent.count({ where: { amplitudePending: true } })).toBe(1);
  });
});
