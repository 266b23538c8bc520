import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS as P } from '@crm/domain';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { createWorld, type Caller, type ResourceWorld } from './resource-test-kit.js';

// The tRPC door (`resources.*`) reaches the same services as REST: same records, same checks, same envelope.

let ctx: TestContext;
let world: ResourceWorld;

function query(caller: Caller, procedure: string, input: unknown) {
  return ctx.app.inject({
    method: 'GET',
    url: `/trpc/resources.${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`,
    headers: caller.headers,
  });
}
function mutate(caller: Caller, procedure: string, input: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url: `/trpc/resources.${procedure}`,
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

describe('resources tRPC router', () => {
  it('creates, lists, counts, reads, searches, patches, deletes and restores', async () => {
    const a = world.admin;
    const created = await mutate(a, 'create', { resource: 'teams/departments', data: { name: 'Sales' } });
    expect(created.statusCode, created.body).toBe(200);
    const id = (result(created) as { data: { _id: string } }).data._id;
    await mutate(a, 'create', { resource: 'teams/departments', data: { name: 'Leasing' } });

    const list = await query(a, 'list', { resource: 'teams/departments', filter: { sort: { name: 1 }, select: ['name'] } });
    expect(result(list)).toMatchObject({ data: [{ name: 'Leasing' }, { name: 'Sales', _id: id }], meta: { total: 2, page: 1 } });
    const asText = await query(a, 'list', { resource: 'teams/departments', filter: JSON.stringify({ query: { name: 'Sales' } }) });
    expect((result(asText) as { data: unknown[] }).data).toHaveLength(1);
    expect(result(await query(a, 'count', { resource: 'teams/departments' }))).toEqual({ count: 2 });
    expect(result(await query(a, 'one', { resource: 'teams/departments', filter: { sort: { name: -1 } } }))).toMatchObject({
      data: { name: 'Sales' },
    });
    expect(result(await query(a, 'byId', { resource: 'teams/departments', id }))).toMatchObject({
      data: { _id: id, asset: world.assetA.id },
    });
    expect(result(await query(a, 'search', { resource: 'teams/departments', keyword: 'leas' }))).toMatchObject({
      data: [{ name: 'Leasing' }],
    });
    expect(result(await query(a, 'distinct', { resource: 'properties/leads', field: 'stage' }))).toEqual({ data: [] });

    expect(result(await mutate(a, 'patch', { resource: 'teams/departments', id, data: { name: 'Sales 2' } }))).toMatchObject({
      data: { name: 'Sales 2' },
    });
    expect(result(await mutate(a, 'remove', { resource: 'teams/departments', id }))).toMatchObject({
      data: { deletedAt: expect.any(String) },
    });
    expect(envelope(await query(a, 'byId', { resource: 'teams/departments', id }))).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    expect(result(await mutate(a, 'restore', { resource: 'teams/departments', id }))).toMatchObject({ data: { deletedAt: null } });
    expect(result(await mutate(a, 'remove', { resource: 'teams/departments', id, force: true }))).toMatchObject({ data: { _id: id } });
    expect(await ctx.db.department.count({ where: { id } })).toBe(0);
  });

  it('upserts by sourceDataId', async () => {
    const first = await mutate(world.admin, 'chekinio', { resource: 'properties/developers', data: { name: 'Nakheel' } });
    expect(envelope(first)).toMatchObject({ statusCode: 404 });
    const member = { resource: 'teams/members', data: { name: 'Sara', sourceDataId: 'm-1' } };
    expect(result(await mutate(world.admin, 'chekinio', member))).toMatchObject({ created: true, data: { name: 'Sara' } });
    expect(result(await mutate(world.admin, 'chekinio', { ...member, data: { name: 'Sara K', sourceDataId: 'm-1' } }))).toMatchObject({
      created: false,
      data: { name: 'Sara K' },
    });
  });

  it('answers the same envelopes as REST', async () => {
    const a = world.admin;
    const badFilter = await query(a, 'list', { resource: 'teams/departments', filter: { query: { $where: '1' } } });
    expect(badFilter.statusCode).toBe(400);
    expect(envelope(badFilter)).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      data: { 'filter.query.$where': ["Unknown operator '$where'."] },
    });
    const badJson = await query(a, 'list', { resource: 'teams/departments', filter: '{oops' });
    expect(envelope(badJson)).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid filter: malformed JSON' });
    const badBody = await mutate(a, 'create', { resource: 'teams/departments', data: { name: 'X', extra: 1 } });
    expect(envelope(badBody)).toMatchObject({ code: 'VALIDATION_ERROR', data: { extra: ["Unknown field 'extra'."] } });
    expect(envelope(await query(a, 'list', { resource: 'nope' }))).toMatchObject({ statusCode: 404 });
    expect(envelope(await mutate(a, 'create', { resource: 'properties/leads', data: {} }))).toMatchObject({ statusCode: 404 });

    const agent = await world.user([P.LEADS_REPORT_VIEW]);
    const denied = await mutate(agent, 'create', { resource: 'teams/departments', data: { name: 'X' } });
    expect(denied.statusCode).toBe(403);
    expect(envelope(denied)).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `/trpc/resources.list?input=${encodeURIComponent(JSON.stringify({ resource: 'teams/departments' }))}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
