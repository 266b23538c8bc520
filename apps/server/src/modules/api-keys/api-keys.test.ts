import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PERMISSIONS as P } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createRole, createUser, loginAs } from '../../../test/factories.js';
import { createLeadWorld, leadPayload, movingClock, type LeadWorld } from '../leads/testing.js';
import { hashApiKey } from './api-key.service.js';

// API keys over real PostgreSQL and Redis, through the HTTP door: created and revoked by an admin, shown once,
// stored hashed, scoped by permission and asset, last use recorded, a revoked key refused in the error envelope.

const clock = movingClock(new Date('2026-11-22T08:00:00.000Z'));
let ctx: TestContext;
let world: LeadWorld;
let other: LeadWorld;
let admin: { authorization: string };

const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function newKey(permissions: string[], name = 'Portal sync') {
  const res = await call('POST', '/api/api-keys/create', admin, { name, permissions });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { _id: string; key: string; prefix: string };
}

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  world = await createLeadWorld(ctx);
  other = await createLeadWorld(ctx, { assetName: 'Other Keys Asset' });
  const role = await createRole(
    ctx,
    [P.INTEGRATIONS_VIEW, P.LEAD_ADD, P.LEAD_UPDATE, P.CUSTOMERS_VIEW, P.CUSTOMER_ADD, P.CUSTOMER_UPDATE],
    {
      company: world.company,
    },
  );
  const user = await createUser(ctx, { role, assets: [world.asset] });
  admin = await loginAs(ctx, user.email);
});
afterAll(async () => ctx.close());

describe('API keys', () => {
  it('answers the secret once, stores only its hash, and lists the key without it', async () => {
    const created = await newKey([P.CUSTOMERS_VIEW]);
    expect(created.key).toMatch(/^crm_[\w-]{43}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    const row = await ctx.db.apiKey.findUniqueOrThrow({ where: { id: created._id } });
    expect(row.keyHash).toBe(hashApiKey(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key);
    const list = await call('GET', '/api/api-keys', admin);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.key);
    expect(list.json().data[0]).toMatchObject({ _id: created._id, name: 'Portal sync', permissions: [P.CUSTOMERS_VIEW], revokedAt: null });
  });

  it('lets only an admin with INTEGRATIONS_VIEW create keys, and only with permissions the admin holds', async () => {
    const agent = await world.agents[0].headers();
    expect((await call('POST', '/api/api-keys/create', agent, { name: 'x', permissions: [P.LEAD_ADD] })).statusCode).toBe(403);
    const beyond = await call('POST', '/api/api-keys/create', admin, { name: 'x', permissions: [P.USERS_VIEW] });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().data).toEqual({ permissions: [MESSAGES.apiKey.permissionNotHeld(P.USERS_VIEW)] });
    const superKey = await call('POST', '/api/api-keys/create', admin, { name: 'x', permissions: [P.SUPER_ACCESS] });
    expect(superKey.statusCode).toBe(400);
  });

  it('works as a bearer token and as X-Api-Key, in its own asset only, with its own permissions only', async () => {
    const { key } = await newKey([P.LEAD_ADD, P.LEAD_UPDATE, P.CUSTOMERS_VIEW]);
    const customer = await world.customer();
    const foreign = await other.customer();
    const bearer = { authorization: `Bearer ${key}` };
    const header = { 'x-api-key': key };

    const list = await call('GET', '/api/customers?filter={"limit":-1}', bearer);
    expect(list.statusCode, list.body).toBe(200);
    const ids = list.json().data.map((c: { _id: string }) => c._id);
    expect(ids).toContain(customer.id);
    expect(ids).not.toContain(foreign.id);
    expect((await call('GET', `/api/customers/${foreign.id}`, header)).statusCode).toBe(404);
    expect((await call('GET', `/api/customers?asset=${other.asset.id}`, header)).statusCode).toBe(403);

    // The integrator's lead: no agent, no referrer (the routing decides), by its source key.
    const { agent: _a, referredBy: _r, ...payload } = leadPayload(world, customer.id, { listing: world.listingWithoutAgent.id });
    const lead = await call('POST', '/api/properties/leads/chekinio', header, { ...payload, inputSource: 'zapier', sourceDataId: 'Z-1' });
    expect(lead.statusCode, lead.body).toBe(201);
    expect(lead.json().data).toMatchObject({ asset: world.asset.id, inputSource: 'zapier', creatorName: 'API key Portal sync' });

    // Not given: the access log, API keys themselves.
    expect((await call('GET', '/api/users-access-logs', bearer)).statusCode).toBe(403);
    expect((await call('POST', '/api/api-keys/create', bearer, { name: 'y', permissions: [P.LEAD_ADD] })).statusCode).toBe(403);
    // The tRPC door reads the key too.
    const trpc = await call('GET', '/trpc/customers.count?input=%7B%7D', header);
    expect(trpc.statusCode, trpc.body).toBe(200);
  });

  it('records when a key was last used, at most once a minute', async () => {
    const created = await newKey([P.CUSTOMERS_VIEW], 'Usage');
    const headers = { 'x-api-key': created.key };
    expect((await ctx.db.apiKey.findUniqueOrThrow({ where: { id: created._id } })).lastUsedAt).toBeNull();
    await call('GET', '/api/customers/count', headers);
    const first = (await ctx.db.apiKey.findUniqueOrThrow({ where: { id: created._id } })).lastUsedAt;
    expect(first).toEqual(clock.now());
    clock.advanceMinutes(0.5);
    await call('GET', '/api/customers/count', headers);
    expect((await ctx.db.apiKey.findUniqueOrThrow({ where: { id: created._id } })).lastUsedAt).toEqual(first);
    clock.advanceMinutes(1);
    await call('GET', '/api/customers/count', headers);
    expect((await ctx.db.apiKey.findUniqueOrThrow({ where: { id: created._id } })).lastUsedAt).toEqual(clock.now());
  });

  it('answers 401 in the error envelope once revoked, and for a key that does not exist', async () => {
    const created = await newKey([P.CUSTOMERS_VIEW], 'Short lived');
    const headers = { authorization: `Bearer ${created.key}` };
    expect((await call('GET', '/api/customers/count', headers)).statusCode).toBe(200);
    const revoked = await call('POST', `/api/api-keys/${created._id}/revoke`, admin);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data.revokedAt).toEqual(clock.now().toISOString());
    const refused = await call('GET', '/api/customers/count', headers);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ statusCode: 401, code: 'UNAUTHORIZED', message: MESSAGES.apiKey.revoked });
    expect((await call('POST', `/api/api-keys/${created._id}/revoke`, admin)).statusCode).toBe(409);
    const unknown = await call('GET', '/api/customers/count', { 'x-api-key': `crm_${'x'.repeat(43)}` });
    expect(unknown.json()).toEqual({ statusCode: 401, code: 'UNAUTHORIZED', message: MESSAGES.apiKey.invalid });
  });

  it("answers 404 for another tenant's key or asset, over REST and tRPC alike (docs/api.md 'Errors')", async () => {
    const key = await newKey([P.CUSTOMERS_VIEW], 'Kept');
    const otherRole = await createRole(ctx, [P.INTEGRATIONS_VIEW], { company: other.company });
    const otherAdmin = await loginAs(ctx, (await createUser(ctx, { role: otherRole, assets: [other.asset] })).email);
    const rest = await call('POST', `/api/api-keys/${key._id}/revoke`, otherAdmin);
    expect(rest.statusCode, rest.body).toBe(404);
    const trpc = await ctx.app.inject({ method: 'POST', url: '/trpc/apiKeys.revoke', headers: otherAdmin, payload: { id: key._id } });
    expect(trpc.statusCode, trpc.body).toBe(404);
    expect(trpc.json().error.data.envelope).toEqual(rest.json());
    // Naming an asset that is not the caller's: 404 like a missing one (it answered 403 before).
    const elsewhere = await call('POST', '/api/api-keys/create', admin, {
      name: 'x',
      permissions: [P.CUSTOMERS_VIEW],
      asset: other.asset.id,
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(404);
    expect((await ctx.db.apiKey.findUniqueOrThrow({ where: { id: key._id } })).revokedAt).toBeNull();
  });
});
