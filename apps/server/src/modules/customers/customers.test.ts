import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_CALL_MESSAGES, MESSAGES, PERMISSIONS as P } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createWorld, restAs, type Caller, type ResourceWorld } from '../../resources/resource-test-kit.js';

// Customers (docs/product.md 'Customers', docs/api.md 'Other calls'): the form's messages in the envelope, the sensitive
// fields, one customer per phone/email in an asset, the lead form's search (five fields, paged), distinct,
// tenancy and permissions, through REST and tRPC.

let ctx: TestContext;
let world: ResourceWorld;
let manager: Caller;
let agent: Caller;
let viewer: Caller;

const mary = { firstName: 'Mary', lastName: 'Smith', email: 'mary@example.com', phoneCode: '+971', phone: '501110001', type: 'Client' };

function trpc(caller: Caller, procedure: string, input: unknown, method: 'GET' | 'POST' = 'POST') {
  const url = `/trpc/customers.${procedure}${method === 'GET' ? `?input=${encodeURIComponent(JSON.stringify(input))}` : ''}`;
  return ctx.app.inject({
    method,
    url,
    headers: { ...caller.headers, 'content-type': 'application/json' },
    ...(method === 'POST' ? { payload: JSON.stringify(input) } : {}),
  });
}
const envelopeOf = (res: { json: () => unknown }) =>
  (res.json() as { error: { data: { envelope: Record<string, unknown> } } }).error.data.envelope;

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createWorld(ctx);
  manager = await world.user([P.CUSTOMERS_VIEW, P.CUSTOMER_ADD, P.CUSTOMER_UPDATE, P.VIEW_SENSITIVE_INFORMATION]);
  // The seeded AGENT role: may add customers from the lead form, may not see contact details.
  agent = await world.user([P.LEAD_ADD, P.LEAD_UPDATE, P.CUSTOMERS_VIEW, P.CUSTOMER_ADD, P.CUSTOMER_UPDATE]);
  viewer = await world.user([P.LEADS_REPORT_VIEW]);
});
afterAll(async () => ctx.close());

describe('create and update', () => {
  it('answers the phone rules in the error envelope, on both doors', async () => {
    const res = await restAs(ctx, manager).post('customers', { ...mary, phone: '12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      message: expect.any(String),
      data: { phone: [MESSAGES.customer.phoneInvalid] },
    });
    // A valid UAE mobile is no valid US number: the phone is checked against its own code.
    expect((await restAs(ctx, manager).post('customers', { ...mary, phoneCode: '+1' })).json().data).toEqual({
      phone: [MESSAGES.customer.phoneInvalid],
    });
    const missing = await restAs(ctx, manager).post('customers', { firstName: 'Mary', email: 'm@example.com', phoneCode: '+971' });
    expect(missing.json().data).toEqual({ phone: [MESSAGES.customer.phoneRequired] });
    const viaTrpc = await trpc(manager, 'create', { ...mary, phone: '12345' });
    expect(viaTrpc.statusCode).toBe(400);
    expect(envelopeOf(viaTrpc)).toMatchObject({ code: 'VALIDATION_ERROR', data: { phone: [MESSAGES.customer.phoneInvalid] } });
  });

  it('stores the phone normalised and the full name, and answers in `data`', async () => {
    const res = await restAs(ctx, manager).post('customers', { ...mary, phone: '050 111 0001' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      fullName: 'Mary Smith',
      phoneNumber: '+971501110001',
      customerID: 'C-000001',
      email: 'mary@example.com',
    });
    const viaTrpc = await trpc(manager, 'create', { ...mary, firstName: 'Tom', email: 'tom@example.com', phone: '501110002' });
    expect(viaTrpc.statusCode, viaTrpc.body).toBe(200);
    expect(viaTrpc.json().result.data.data).toMatchObject({ customerID: 'C-000002', fullName: 'Tom Smith' });
  });

  it('lets an agent with CUSTOMER_ADD create with phone and email, then hides them and refuses to change them', async () => {
    const created = await restAs(ctx, agent).post('customers', { ...mary, firstName: 'Ana', email: 'ana@example.com', phone: '501110003' });
    expect(created.statusCode, created.body).toBe(201);
    const record = created.json().data as Record<string, unknown>;
    for (const hidden of ['email', 'phone', 'phoneCode', 'phoneNumber']) expect(record).not.toHaveProperty(hidden);
    const id = String(record._id);
    expect((await ctx.db.customer.findUniqueOrThrow({ where: { id } })).phoneNumber).toBe('+971501110003');

    for (const body of [
      { email: 'x@example.com' },
      { phone: '501110099' },
      { phoneCode: '+44' },
      { firstName: 'Anna', phone: '501110099' },
    ]) {
      const res = await restAs(ctx, agent).patch(`customers/${id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    const viaTrpc = await trpc(agent, 'update', { id, data: { email: 'x@example.com' } });
    expect(envelopeOf(viaTrpc)).toMatchObject({ statusCode: 403 });
    const allowed = await restAs(ctx, agent).patch(`customers/${id}`, { firstName: 'Anna', doNotDisturb: true });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().data).toMatchObject({ fullName: 'Anna Smith', doNotDisturb: true });
    expect((await ctx.db.customer.findUniqueOrThrow({ where: { id } })).email).toBe('ana@example.com');
  });

  it('refuses a second customer with the same phone or email in the asset, naming the first only to who may see it', async () => {
    const first = await ctx.db.customer.findFirstOrThrow({ where: { email: 'mary@example.com' } });
    const samePhone = await restAs(ctx, manager).post('customers', { ...mary, email: 'other@example.com', phone: '50 111 0001' });
    expect(samePhone.statusCode).toBe(409);
    expect(samePhone.json()).toMatchObject({
      code: 'CONFLICT',
      message: CUSTOMER_CALL_MESSAGES.duplicatePhone('C-000001'),
      data: { fields: ['phone'], customer: { _id: first.id, customerID: 'C-000001', fullName: 'Mary Smith' } },
    });
    const sameEmail = await restAs(ctx, agent).post('customers', { ...mary, email: 'MARY@example.com', phone: '501110010' });
    expect(sameEmail.statusCode).toBe(409);
    // The agent may not see emails: told the email is taken, not by whom.
    expect(sameEmail.json().message).toBe(CUSTOMER_CALL_MESSAGES.duplicateEmail());
    expect(sameEmail.json().data).toEqual({ fields: ['email'] });
    // Updating onto another customer's number is the same conflict; keeping one's own number is not.
    const tom = await ctx.db.customer.findFirstOrThrow({ where: { email: 'tom@example.com' } });
    expect((await restAs(ctx, manager).patch(`customers/${tom.id}`, { phone: '501110001' })).statusCode).toBe(409);
    expect((await restAs(ctx, manager).patch(`customers/${tom.id}`, { phone: '501110002', email: 'TOM@example.com' })).statusCode).toBe(
      200,
    );
    // Another asset is another customer base.
    const admin = restAs(ctx, world.admin);
    expect((await admin.post('customers', mary, { asset: world.assetB.id })).statusCode).toBe(201);
  });

  it('lets exactly one of two simultaneous creations of the same phone through', async () => {
    const body = (n: number) => ({ ...mary, firstName: `Twin${'a'.repeat(n)}`, email: `twin${n}@example.com`, phone: '501110077' });
    const results = await Promise.all([1, 2, 3].map((n) => restAs(ctx, manager).post('customers', body(n))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await ctx.db.customer.count({ where: { assetId: world.assetA.id, phoneNumber: '+971501110077' } })).toBe(1);
  });

  it("answers another asset's customer as missing", async () => {
    const other = await ctx.db.customer.findFirstOrThrow({ where: { assetId: world.assetB.id } });
    const api = restAs(ctx, manager);
    expect((await api.get(`customers/${other.id}`)).statusCode).toBe(404);
    const patch = await api.patch(`customers/${other.id}`, { firstName: 'Hijack' });
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Customer not found' });
  });

  it('refuses callers without the permission', async () => {
    expect((await restAs(ctx, viewer).post('customers', { ...mary, phone: '501110050', email: 'v@example.com' })).statusCode).toBe(403);
    const readOnly = await world.user([P.CUSTOMERS_VIEW]);
    const someone = await ctx.db.customer.findFirstOrThrow({ where: { assetId: world.assetA.id } });
    expect((await restAs(ctx, readOnly).patch(`customers/${someone.id}`, { firstName: 'X' })).statusCode).toBe(403);
  });
});

describe('search and distinct', () => {
  beforeAll(async () => {
    await ctx.db.customer.createMany({
      data: Array.from({ length: 45 }, (_, i) => ({
        assetId: world.assetA.id,
        companyId: world.company.id,
        customerID: `C-9${String(i).padStart(5, '0')}`,
        firstName: 'Zed',
        lastName: `Number${i}`,
        fullName: `Zed Number${i}`,
        phoneCode: '+971',
        phone: `5877${String(i).padStart(5, '0')}`,
        phoneNumber: `+9715877${String(i).padStart(5, '0')}`,
        email: `zed${i}@zmail.example`,
        sourceDataId: `PF-${7000 + i}`,
        type: i % 3 === 0 ? 'Spam' : 'Client',
      })),
    });
  });

  it('pages its matches like any list: the lead form asks for 40, the customers screen pages through all', async () => {
    const api = restAs(ctx, manager);
    const res = await api.get('customers/search', { select: ['fullName', 'customerID'], limit: 40 }, { keyword: 'zed' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(40);
    expect(res.json().meta).toMatchObject({ total: 45, limit: 40, hasNextPage: true });
    expect(Object.keys(res.json().data[0] as object).sort()).toEqual(['_id', 'customerID', 'fullName']);
    expect((await api.get('customers/search', {}, { keyword: 'zed' })).json().meta).toMatchObject({ total: 45, limit: 20 });
    expect((await api.get('customers/search', { limit: 5 }, { keyword: 'zed' })).json().data).toHaveLength(5);
    expect((await api.get('customers/search', { limit: 40, page: 2 }, { keyword: 'zed' })).json().data).toHaveLength(5);
  });

  it('matches name, phone (as typed), email, sourceDataId and customerID', async () => {
    const api = restAs(ctx, manager);
    const names = async (keyword: string) =>
      ((await api.get('customers/search', { select: ['fullName'] }, { keyword })).json().data as { fullName: string }[]).map(
        (c) => c.fullName,
      );
    expect(await names('number12')).toEqual(['Zed Number12']);
    expect(await names('+971 58 7700012')).toEqual(['Zed Number12']);
    // As the screens send it (regex-escaped), and its digits alone.
    expect(await names('\\+971 \\(58\\) 7700012')).toEqual(['Zed Number12']);
    expect(await names('7700012')).toEqual(['Zed Number12']);
    expect(await names('zed12@zmail')).toEqual(['Zed Number12']);
    expect(await names('pf-7012')).toEqual(['Zed Number12']);
    expect(await names('C-900012')).toEqual(['Zed Number12']);
    expect(await names('no such person')).toEqual([]);
    // Combined with the filter's own conditions.
    expect((await api.get('customers/search', { query: { type: 'Spam' } }, { keyword: 'zed' })).json().meta.total).toBe(15);
    const viaTrpc = await trpc(manager, 'search', { filter: { select: ['fullName'] }, keyword: 'PF-7012' }, 'GET');
    expect(viaTrpc.json().result.data.data).toEqual([{ _id: expect.any(String), fullName: 'Zed Number12' }]);
  });

  it('does not search hidden fields for callers who may not see them', async () => {
    const api = restAs(ctx, agent);
    expect((await api.get('customers/search', {}, { keyword: '587700012' })).json().meta.total).toBe(0);
    expect((await api.get('customers/search', {}, { keyword: 'zed12@zmail' })).json().meta.total).toBe(0);
    const byName = await api.get('customers/search', {}, { keyword: 'Number12' });
    expect(byName.json().meta.total).toBe(1);
    expect(byName.json().data[0]).not.toHaveProperty('phoneNumber');
    expect((await restAs(ctx, viewer).get('customers/search', {}, { keyword: 'zed' })).statusCode).toBe(403);
  });

  it('lists distinct values of the allowed fields only', async () => {
    const api = restAs(ctx, manager);
    expect((await api.get('customers/distinct/type')).json()).toEqual({ data: ['Client', 'Spam'] });
    expect((await api.get('customers/distinct/type', { query: { firstName: 'Zed', type: { $ne: 'Spam' } } })).json()).toEqual({
      data: ['Client'],
    });
    expect((await api.get('customers/distinct/enabled')).json()).toEqual({ data: [true] });
    expect((await api.get('customers/distinct/email')).statusCode).toBe(400);
    const viaTrpc = await trpc(manager, 'distinct', { field: 'type' }, 'GET');
    expect(viaTrpc.json().result.data).toEqual({ data: ['Client', 'Spam'] });
  });
});
