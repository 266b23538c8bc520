import { departmentContract, PERMISSIONS as P } from '@crm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { type Caller, createWorld, type ResourceWorld } from './resource-test-kit.js';

// Each resource's tRPC router (`departments.list`...) reaches the same services as REST: same records, same checks,
// same envelope, and its answers pass the contract's record schema.

let ctx: TestContext;
let world: ResourceWorld;

function query(caller: Caller | null, procedure: string, input: unknown) {
  return ctx.app.inject({
    method: 'GET',
    url: `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`,
    ...(caller ? { headers: caller.headers } : {}),
  });
}
function mutate(caller: Caller, procedure: string, input: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url: `/trpc/${procedure}`,
    headers: { ...caller.headers, 'content-type': 'application/json' },
    payload: JSON.stringify(input),
  });
}
const result = (res: { json: () => unknown }) => (res.json() as { result: { data: unknown } }).result.data;
const envelope = (res: { json: () => unknown }) =>
  (res.json() as { error: { data: { envelope: Record<string, unknown> } } }).error.data.envelope;

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createWorld(ctx);
});
afterAll(async () => ctx.close());

describe("a resource's tRPC router", () => {
  it('creates, lists, counts, reads, searches, updates, deletes and restores', async () => {
    const a = world.admin;
    const created = await mutate(a, 'departments.create', { name: 'Sales' });
    expect(created.statusCode, created.body).toBe(200);
    const record = (result(created) as { data: unknown }).data;
    // The answer is the contract's record, whole.
    const id = departmentContract.record.parse(record)._id;
    await mutate(a, 'departments.create', { name: 'Leasing' });

    const list = await query(a, 'departments.list', { filter: { sort: { name: 1 }, select: ['name'] } });
    expect(result(list)).toMatchObject({ data: [{ name: 'Leasing' }, { name: 'Sales', _id: id }], meta: { total: 2, page: 1 } });
    expect(result(await query(a, 'departments.count', {}))).toEqual({ count: 2 });
    expect(result(await query(a, 'departments.one', { filter: { sort: { name: -1 } } }))).toMatchObject({ data: { name: 'Sales' } });
    expect(result(await query(a, 'departments.byId', { id }))).toMatchObject({ data: { _id: id, asset: world.assetA.id } });
    expect(result(await query(a, 'departments.search', { keyword: 'leas' }))).toMatchObject({ data: [{ name: 'Leasing' }] });
    expect(result(await query(a, 'leads.distinct', { field: 'stage' }))).toEqual({ data: [] });

    expect(result(await mutate(a, 'departments.update', { id, data: { name: 'Sales 2' } }))).toMatchObject({ data: { name: 'Sales 2' } });
    expect(result(await mutate(a, 'departments.remove', { id }))).toMatchObject({ data: { deletedAt: expect.any(String) } });
    expect(envelope(await query(a, 'departments.byId', { id }))).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    expect(result(await mutate(a, 'departments.restore', { id }))).toMatchObject({ data: { deletedAt: null } });
    expect(result(await mutate(a, 'departments.forceRemove', { id }))).toMatchObject({ data: { _id: id } });
    expect(await ctx.db.department.count({ where: { id } })).toBe(0);
  });

  it('populates the relations asked for by byId', async () => {
    const a = world.admin;
    const department = result(await mutate(a, 'departments.create', { name: 'Offplan' })) as { data: { _id: string } };
    const member = result(await mutate(a, 'members.create', { name: 'Sara', department: department.data._id })) as {
      data: { _id: string };
    };
    const read = await query(a, 'members.byId', { id: member.data._id, populate: ['department'] });
    expect(result(read)).toMatchObject({ data: { name: 'Sara', department: { _id: department.data._id, name: 'Offplan' } } });
  });

  it('answers the same envelopes as REST, and refuses keys the contract lacks before any query', async () => {
    const a = world.admin;
    const badFilter = await query(a, 'departments.list', { filter: { query: { $where: '1' } } });
    expect(badFilter.statusCode).toBe(400);
    expect(envelope(badFilter)).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      data: { 'filter.query.$where': ["Unknown operator '$where'."] },
    });
    const badSelect = await query(a, 'departments.list', { filter: { select: ['password'] } });
    expect(envelope(badSelect)).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    expect(JSON.stringify(envelope(badSelect).data)).toContain('filter.select.0');
    const badSort = await query(a, 'customers.list', { filter: { sort: { email: 1 } } });
    expect(envelope(badSort)).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    const badBody = await mutate(a, 'departments.create', { name: 'X', extra: 1 });
    expect(envelope(badBody)).toMatchObject({ code: 'VALIDATION_ERROR', data: { extra: ["Unknown field 'extra'."] } });
    const badUpdate = await mutate(a, 'customers.update', { id: world.assetA.id, data: { firstName: '' } });
    expect(envelope(badUpdate)).toMatchObject({ code: 'VALIDATION_ERROR', data: { firstName: ['First Name is required.'] } });
    // Leads are written by the lead engine only: the generic create takes no input.
    expect(envelope(await mutate(a, 'leads.remove', { id: world.assetA.id }))).toMatchObject({ statusCode: 404 });

    const agent = await world.user([P.LEADS_REPORT_VIEW]);
    const denied = await mutate(agent, 'departments.create', { name: 'X' });
    expect(denied.statusCode).toBe(403);
    expect(envelope(denied)).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    expect((await query(null, 'departments.list', {})).statusCode).toBe(401);
  });
});
