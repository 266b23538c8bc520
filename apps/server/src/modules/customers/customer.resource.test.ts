import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PERMISSIONS as P } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createWorld, restAs, type Caller, type ResourceWorld } from '../../resources/resource-test-kit.js';

// Customers on the generic engine: derived columns, the form's messages, and the sensitive fields
// (email, phone, phone code, phone number) hidden from, unfilterable and unchangeable by a role without
// VIEW_SENSITIVE_INFORMATION.

let ctx: TestContext;
let world: ResourceWorld;
let agent: Caller;
let manager: Caller;
let customerId: string;

const ann = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phoneCode: '+971', phone: '501234567', type: 'Client' };

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createWorld(ctx);
  agent = await world.user([P.CUSTOMERS_VIEW, P.CUSTOMER_ADD, P.LEADS_REPORT_VIEW]);
  manager = await world.user([P.CUSTOMERS_VIEW, P.CUSTOMER_ADD, P.CUSTOMER_UPDATE, P.VIEW_SENSITIVE_INFORMATION]);
});
afterAll(async () => ctx.close());

describe('customers', () => {
  it('creates with a per-asset customerID, full name and phone number', async () => {
    const res = await restAs(ctx, manager).post('customers', ann);
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data as Record<string, unknown>;
    expect(data).toMatchObject({
      customerID: 'C-000001',
      fullName: 'Ann Lee',
      phoneNumber: '+971501234567',
      email: 'ann@example.com',
      enabled: true,
      doNotDisturb: false,
      type: 'Client',
      asset: world.assetA.id,
    });
    expect(data).not.toHaveProperty('loginPasswordHash');
    customerId = String(data._id);
    const second = await restAs(ctx, manager).post('customers', { ...ann, firstName: 'Bob', email: 'bob@example.com', phone: '501234500' });
    expect(second.json().data.customerID).toBe('C-000002');
  });

  it("answers the form's own messages", async () => {
    const res = await restAs(ctx, manager).post('customers', { ...ann, firstName: '', email: 'nope', phone: '12', extra: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toMatchObject({
      firstName: [MESSAGES.customer.firstNameRequired],
      email: [MESSAGES.customer.emailInvalid],
      phone: [MESSAGES.customer.phoneInvalid],
      extra: ["Unknown field 'extra'."],
    });
  });

  it('checks a lone phone change against the stored code and recomputes derived columns', async () => {
    const bad = await restAs(ctx, manager).patch(`customers/${customerId}`, { phone: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ data: { phone: [MESSAGES.customer.phoneInvalid] } });
    const good = await restAs(ctx, manager).patch(`customers/${customerId}`, { phone: '501234568', lastName: 'Park' });
    expect(good.json().data).toMatchObject({ phoneNumber: '+971501234568', fullName: 'Ann Park' });
  });

  it('hides sensitive fields from a role without VIEW_SENSITIVE_INFORMATION', async () => {
    const api = restAs(ctx, agent);
    const list = await api.get('customers', { query: { firstName: 'Ann' } });
    expect(list.statusCode).toBe(200);
    const record = list.json().data[0] as Record<string, unknown>;
    expect(record).toMatchObject({ fullName: 'Ann Park', customerID: 'C-000001' });
    for (const hidden of ['email', 'phone', 'phoneCode', 'phoneNumber']) expect(record).not.toHaveProperty(hidden);
    const one = await api.get(`customers/${customerId}`, { select: ['email', 'fullName'] });
    expect(one.json().data).toEqual({ _id: customerId, fullName: 'Ann Park' });
    expect((await restAs(ctx, manager).get(`customers/${customerId}`)).json().data).toMatchObject({
      email: 'ann@example.com',
      phoneNumber: '+971501234568',
    });
  });

  it('refuses filtering, sorting and changing by sensitive fields without the permission', async () => {
    const api = restAs(ctx, agent);
    const filtered = await api.get('customers', { query: { email: { $regex: 'ann' } } });
    expect(filtered.statusCode).toBe(403);
    expect(filtered.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await api.get('customers', { query: { $or: [{ phoneNumber: { $ne: null } }] } })).statusCode).toBe(403);
    const updater = await world.user([P.CUSTOMERS_VIEW, P.CUSTOMER_UPDATE]);
    const patch = await restAs(ctx, updater).patch(`customers/${customerId}`, { email: 'evil@example.com' });
    expect(patch.statusCode).toBe(403);
    expect((await restAs(ctx, updater).patch(`customers/${customerId}`, { doNotDisturb: true })).statusCode).toBe(200);
    expect((await ctx.db.customer.findUniqueOrThrow({ where: { id: customerId } })).email).toBe('ann@example.com');
  });

  it('searches sensitive fields only for those who may see them', async () => {
    expect((await restAs(ctx, manager).get('customers/search', {}, { keyword: '501234568' })).json().meta.total).toBe(1);
    expect((await restAs(ctx, agent).get('customers/search', {}, { keyword: '501234568' })).json().meta.total).toBe(0);
    expect((await restAs(ctx, agent).get('customers/search', {}, { keyword: 'c-000001' })).json().meta.total).toBe(1);
  });

  it('finds a customer by the values of its last change: the database keeps the search column', async () => {
    const api = restAs(ctx, manager);
    const created = await api.post('customers', { ...ann, firstName: 'Quinn', email: 'quinn@example.com', phone: '509876543' });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json().data as { _id: string })._id;
    expect((await api.patch(`customers/${id}`, { lastName: 'Moss', phone: '509876544' })).statusCode).toBe(200);
    const found = async (keyword: string) => (await api.get('customers/search', {}, { keyword })).json().meta.total;
    expect(await found('quinn moss')).toBe(1);
    expect(await found('Quinn Lee')).toBe(0);
    // A name is searched word by word, each a word's beginning, in any order (the searchWords column).
    expect(await found('moss qui')).toBe(1);
    expect(await found('uinn')).toBe(0);
    expect(await found('+971 50 987 6544')).toBe(1);
    expect(await found('+971 50 987 6543')).toBe(0);
    const row = await ctx.db.customer.findUniqueOrThrow({ where: { id } });
    expect(row.searchText).toBe([row.customerID, 'Quinn Moss', 'quinn@example.com', '+971509876544', ''].join('\x1f'));
    const keys = ['q', 'qu', 'quinn', 'm', 'moss', 'example', 'com'].map((word) => `${row.assetId}:${word}`);
    expect(row.searchWords).toEqual(expect.arrayContaining(keys));
    expect(row.searchWords).not.toContain(`${row.assetId}:lee`);
  });

  it('lets an agent add a customer but not see the contact details back', async () => {
    const res = await restAs(ctx, agent).post('customers', { ...ann, firstName: 'Cid', email: 'cid@example.com', phone: '501234501' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).not.toHaveProperty('email');
    expect((await restAs(ctx, agent).patch(`customers/${res.json().data._id}`, { firstName: 'Cy' })).statusCode).toBe(403);
  });

  it('exports without the sensitive columns for the agent', async () => {
    const agentCsv = (await restAs(ctx, agent).get('customers/export')).body;
    const managerCsv = (await restAs(ctx, manager).get('customers/export')).body;
    expect(agentCsv.split('\n')[0]).not.toMatch(/Email|Phone/);
    expect(managerCsv.split('\n')[0]).toMatch(/Email,Phone Number/);
    expect(managerCsv).toContain('ann@example.com');
    expect(agentCsv).not.toContain('ann@example.com');
  });

  it('upserts by sourceDataId and lists distinct types', async () => {
    const api = restAs(ctx, world.admin);
    const first = await api.post('customers/chekinio', {
      ...ann,
      firstName: 'Dee',
      email: 'dee@example.com',
      phone: '501234502',
      sourceDataId: 'crm-9',
    });
    expect(first.statusCode, first.body).toBe(201);
    const again = await api.post('customers/chekinio', {
      ...ann,
      firstName: 'Dee',
      type: 'Spam',
      email: 'dee@example.com',
      phone: '501234502',
      sourceDataId: 'crm-9',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({
      _id: first.json().data._id,
      type: 'Spam',
      sourceDataId: 'crm-9',
      customerID: first.json().data.customerID,
    });
    expect((await api.get('customers/distinct/type')).json()).toEqual({ data: ['Client', 'Spam'] });
  });

  it("upserts an integrator's customer with its inputSource, once however often and however fast it is sent", async () => {
    const api = restAs(ctx, world.admin);
    const body = (i: number) => ({
      ...ann,
      firstName: 'Pat',
      email: 'pat@example.com',
      phone: '501234509',
      inputSource: 'bayut',
      sourceDataId: 'BY-7',
      lastName: `v${i}`,
    });
    const answers = await Promise.all([0, 1, 2, 3].map((i) => api.post('customers/chekinio', body(i))));
    expect(answers.map((a) => a.statusCode).sort(), answers[0]?.body).toEqual([200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.json().data._id)).size).toBe(1);
    const rows = await ctx.db.customer.findMany({ where: { assetId: world.assetA.id, sourceDataId: 'BY-7' } });
    expect(rows).toMatchObject([{ inputSource: 'bayut' }]);
    // The form's create still refuses the integrator's fields.
    expect(
      (await api.post('customers', { ...body(9), sourceDataId: undefined, email: 'pat2@example.com', phone: '501234510' })).statusCode,
    ).toBe(400);
    const missing = await api.post('customers/chekinio', { ...body(0), sourceDataId: '' });
    expect(missing.json().data).toEqual({ sourceDataId: [MESSAGES.customer.sourceDataIdRequired] });
  });

  it('accepts the active asset in the body and refuses any other', async () => {
    const api = restAs(ctx, manager);
    expect(
      (await api.post('customers', { ...ann, firstName: 'Flo', email: 'flo@example.com', phone: '501234503', asset: world.assetA.id }))
        .statusCode,
    ).toBe(201);
    const other = await api.post('customers', {
      ...ann,
      firstName: 'Gus',
      email: 'gus@example.com',
      phone: '501234504',
      asset: world.assetB.id,
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().data).toEqual({ asset: ['Asset must be the active asset.'] });
  });

  it('refuses an avatar from another asset', async () => {
    const file = await ctx.db.storedFile.create({
      data: { assetId: world.assetB.id, companyId: world.company.id, name: 'x.png', storageKey: 'k', url: '/x.png' },
    });
    const res = await restAs(ctx, manager).post('customers', {
      ...ann,
      firstName: 'Eve',
      email: 'eve@example.com',
      phone: '501234505',
      avatar: file.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual({ avatar: ['Avatar not found.'] });
  });
});
