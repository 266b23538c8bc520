import { ROLE_CODES } from '@crm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DNCR_FAKE_KEY, startDncrFake } from '../../../test/fakes/dncr.fake.js';
import type { FakeProvider } from '../../../test/fakes/fake-http.js';
import { createRole, createUser, loginAs } from '../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createLeadWorld, leadPayload, type LeadWorld } from '../leads/testing.js';

// The Do Not Call Registry against a local fake: a customer saved with a listed number is flagged by the job that
// runs after the save (the save itself does not wait for the registry), and so is a new lead of theirs.

let ctx: TestContext;
let dncr: FakeProvider;
let world: LeadWorld;
let admin: { authorization: string };

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/${url}`, headers: admin, ...(payload ? { payload } : {}) });

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  dncr = await startDncrFake(new Set(['971501234567']));
  ctx = await createTestApp({ envOverrides: { RUN_WORKERS: 'true', JOBS_CLOSE_TIMEOUT_MS: '500', INTEGRATION_BASE_URL_DNCR: dncr.url } });
  world = await createLeadWorld(ctx);
  const role = await createRole(ctx, [], { company: world.company, code: ROLE_CODES.SUPER_ADMIN });
  admin = await loginAs(ctx, (await createUser(ctx, { role, assets: [world.asset] })).email);
});
afterAll(async () => {
  await ctx?.close();
  await dncr?.close();
});

describe('the Do Not Call Registry check', () => {
  it('checks nothing while DNCR is not set up', async () => {
    const res = await api('POST', 'customers', {
      firstName: 'Nora',
      email: 'nora@example.com',
      phoneCode: '+971',
      phone: '501111111',
      type: 'Client',
    });
    expect(res.statusCode, res.body).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(dncr.requests).toHaveLength(0);
    expect(res.json().data.dncrStatus).toBeNull();
  });

  it('flags a customer whose number is listed, clears one that is not, and flags a new lead of the listed one', async () => {
    const saved = await api('PATCH', `assets/${world.asset.id}/integrations/dncr`, {
      enabled: true,
      config: { mode: 'api', cacheDays: 30 },
      secrets: { apiKey: DNCR_FAKE_KEY },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const listed = await api('POST', 'customers', {
      firstName: 'Omar',
      email: 'omar@example.com',
      phoneCode: '+971',
      phone: '50 123 4567',
      type: 'Client',
    });
    expect(listed.statusCode, listed.body).toBe(201);
    const clear = await api('POST', 'customers', {
      firstName: 'Huda',
      email: 'huda@example.com',
      phoneCode: '+971',
      phone: '509876543',
      type: 'Client',
    });
    const listedId: string = listed.json().data._id;
    const clearId: string = clear.json().data._id;

    const read = (id: string) => ctx.db.customer.findUniqueOrThrow({ where: { id } });
    expect(
      await eventually(
        () => read(listedId),
        (c) => c.dncrStatus !== null,
      ),
    ).toMatchObject({ dncrStatus: 'listed' });
    expect(
      await eventually(
        () => read(clearId),
        (c) => c.dncrStatus !== null,
      ),
    ).toMatchObject({ dncrStatus: 'clear' });
    expect(dncr.requests.map((r) => r.path)).toEqual(expect.arrayContaining(['/v1/numbers/971501234567', '/v1/numbers/971509876543']));
    expect((await api('GET', `customers/${listedId}`)).json().data).toMatchObject({ dncrStatus: 'listed' });
    expect((await read(listedId)).dncrCheckedAt).toBeInstanceOf(Date);

    // A lead of the listed customer carries the flag; the recent answer is reused, the registry is not asked again.
    const asked = dncr.requests.length;
    const lead = await ctx.app.inject({
      method: 'POST',
      url: '/api/properties/leads/create',
      headers: await world.manager.headers(),
      payload: leadPayload(world, listedId) as Record<string, unknown>,
    });
    expect(lead.statusCode, lead.body).toBe(201);
    const leadId: string = lead.json().data._id;
    const stored = await eventually(
      () => ctx.db.lead.findUniqueOrThrow({ where: { id: leadId } }),
      (l) => l.dncrStatus !== null,
    );
    expect(stored).toMatchObject({ dncrStatus: 'listed' });
    expect(dncr.requests).toHaveLength(asked);

    // A changed number is asked again, and the customer's leads follow the new answer.
    await api('PATCH', `customers/${listedId}`, { phone: '502222222' });
    expect(
      await eventually(
        () => read(listedId),
        (c) => c.dncrStatus === 'clear',
      ),
    ).toMatchObject({ dncrStatus: 'clear' });
    expect(await ctx.db.lead.findUniqueOrThrow({ where: { id: leadId } })).toMatchObject({ dncrStatus: 'clear' });
  });
});
