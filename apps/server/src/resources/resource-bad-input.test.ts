import { ErrorEnvelopeSchema, ValidationErrorEnvelopeSchema } from '@crm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { uniqueSuffix } from '../../test/factories.js';
import { RESOURCES } from '../modules/register.js';
import { delegateOf } from './resource-delegate.js';
import { type Body, RESOURCE_FIXTURES } from './resource-fixtures.js';
import { createWorld, restAs, type ResourceWorld } from './resource-test-kit.js';
import type { ModelKey, ResourceDefinition } from './resource.types.js';

// Bad input on every writable resource, through both doors: an unknown body field, an unknown filter field or
// operator, another asset's record (404, exactly like a missing one), a reference to another asset's record (400
// naming the field). Each answers the error envelope and stores nothing.

let ctx: TestContext;
let world: ResourceWorld;

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createWorld(ctx);
});
afterAll(async () => ctx.close());

const api = () => restAs(ctx, world.admin);
/** Creates a record through the API (in asset B when asked); answers its id. */
async function post(path: string, body: Body, asset?: string): Promise<string> {
  const res = await api().post(path, body, asset ? { asset } : {});
  expect(res.statusCode, `POST ${path}: ${res.body}`).toBe(201);
  return (res.json() as { data: { _id: string } }).data._id;
}
const rows = (def: ResourceDefinition) => delegateOf(ctx.db, def.model).count({});
const validation = (res: { json: () => unknown }) => ValidationErrorEnvelopeSchema.parse(res.json());
const trpcMutation = (procedure: string, input: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: `/trpc/${procedure}`,
    headers: { ...world.admin.headers, 'content-type': 'application/json' },
    payload: JSON.stringify(input),
  });
const trpcEnvelope = (res: { json: () => unknown }) =>
  ErrorEnvelopeSchema.parse((res.json() as { error: { data: { envelope: unknown } } }).error.data.envelope);

/** A record of asset B the admin (working in asset A) may not reach from A. */
async function recordOfAssetB(model: ModelKey): Promise<string> {
  const scope = { companyId: world.company.id, assetId: world.assetB.id };
  if (model === 'storedFile') {
    const suffix = uniqueSuffix();
    const file = await ctx.db.storedFile.create({
      data: { ...scope, name: `b-${suffix}.png`, type: 'image', size: 1, storageKey: `b/${suffix}`, url: `/b/${suffix}` },
    });
    return file.id;
  }
  if (model === 'customer' || model === 'lead') {
    const suffix = uniqueSuffix();
    const customer = await ctx.db.customer.create({ data: { ...scope, customerID: `B-${suffix}`, firstName: 'Bea', fullName: 'Bea B' } });
    if (model === 'customer') return customer.id;
    const lead = await ctx.db.lead.create({
      data: { ...scope, leadID: `B-${suffix}`, customerId: customer.id, contactType: 'Buyer', source: 'Website' },
    });
    return lead.id;
  }
  if (model === 'deal') {
    const suffix = uniqueSuffix();
    const customer = await ctx.db.customer.create({ data: { ...scope, customerID: `B-${suffix}`, firstName: 'Bea', fullName: 'Bea B' } });
    const agent = await ctx.db.teamMember.create({ data: { ...scope, name: `Asset B agent ${suffix}` } });
    const deal = await ctx.db.deal.create({
      data: {
        ...scope,
        title: 'Asset B deal',
        customerId: customer.id,
        agentId: agent.id,
        pipeline: 'sale',
        stage: 'offer',
        probability: 20,
        currency: 'AED',
      },
    });
    return deal.id;
  }
  if (model === 'listing') return (await ctx.db.listing.create({ data: { ...scope, reference: `B-${uniqueSuffix()}` } })).id;
  if (model === 'project')
    return (await ctx.db.project.create({ data: { ...scope, name: 'Asset B project', slug: `b-${uniqueSuffix()}` } })).id;
  const row = await delegateOf(ctx.db, model).create({ data: { ...scope, name: `Asset B ${uniqueSuffix()}` } });
  return String(row.id);
}

const WRITABLE = RESOURCES.filter((def) => def.permissions.create && def.createSchema);

describe.each(WRITABLE.map((def) => [def.contract.name, def] as const))('resource %s', (name, def) => {
  const fixture = RESOURCE_FIXTURES[name] ?? {};
  /** A create body whose references live in `asset` (the active asset A by default). */
  const create = (n: number, asset?: string) => {
    if (!fixture.create) throw new Error(`${name}: no create fixture`);
    return fixture.create((path, body) => post(path, body, asset), n);
  };

  it('refuses an unknown body field on both doors and stores nothing', async () => {
    const body = await create(10);
    const before = await rows(def);
    const res = await api().post(def.path, { ...body, notAField: 1 });
    expect(res.statusCode).toBe(400);
    expect(validation(res)).toMatchObject({ code: 'VALIDATION_ERROR', data: { notAField: ["Unknown field 'notAField'."] } });
    const viaTrpc = await trpcMutation(`${name}.create`, { ...body, notAField: 1 });
    expect(viaTrpc.statusCode).toBe(400);
    expect(trpcEnvelope(viaTrpc)).toMatchObject({ code: 'VALIDATION_ERROR', data: { notAField: ["Unknown field 'notAField'."] } });
    expect(await rows(def)).toBe(before);

    // An update names the body's own fields (not `data.notAField`) and changes nothing.
    const id = await post(def.path, await create(11));
    const stored = await delegateOf(ctx.db, def.model).findFirst({ where: { id } });
    const patched = await api().patch(`${def.path}/${id}`, { ...fixture.update, notAField: 1 });
    expect(validation(patched).data).toEqual({ notAField: ["Unknown field 'notAField'."] });
    const updateViaTrpc = await trpcMutation(`${name}.update`, { id, data: { ...fixture.update, notAField: 1 } });
    expect(trpcEnvelope(updateViaTrpc)).toMatchObject({ code: 'VALIDATION_ERROR', data: { notAField: ["Unknown field 'notAField'."] } });
    expect(await delegateOf(ctx.db, def.model).findFirst({ where: { id } })).toEqual(stored);
  });

  it('refuses an unknown filter field or operator, naming it', async () => {
    const field = await api().get(def.path, { query: { notAField: 'x' } });
    expect(field.statusCode).toBe(400);
    expect(Object.keys(validation(field).data)).toEqual(['filter.query.notAField']);
    const operator = await api().get(def.path, { query: { _id: { $where: 'sleep(1)' } } });
    expect(validation(operator).data).toEqual({ 'filter.query._id.$where': ["Unknown operator '$where'."] });
    expect(validation(await api().get(`${def.path}/count`, { sort: { notAField: 1 } })).code).toBe('VALIDATION_ERROR');
  });

  // A company-scoped resource (Admin > Assets) sees every asset of its company; its own tests refuse another company's.
  it.runIf(def.scope === 'asset')("answers another asset's record exactly like a missing one, and leaves it alone", async () => {
    const inB = await post(def.path, await create(12, world.assetB.id), world.assetB.id);
    const stored = await delegateOf(ctx.db, def.model).findFirst({ where: { id: inB } });
    const missing = '00000000-0000-7000-8000-000000000000';
    // A resource that is never deleted (viewings: cancelled instead) has no DELETE route to ask.
    const calls = [
      ['GET', `${def.path}/${inB}`],
      ['PATCH', `${def.path}/${inB}`],
      ...(def.permissions.delete ? [['DELETE', `${def.path}/${inB}`] as const] : []),
    ] as const;
    for (const [method, path] of calls) {
      const theirs =
        method === 'GET' ? await api().get(path) : method === 'PATCH' ? await api().patch(path, fixture.update) : await api().delete(path);
      const none = path.replace(inB, missing);
      const nothing =
        method === 'GET' ? await api().get(none) : method === 'PATCH' ? await api().patch(none, fixture.update) : await api().delete(none);
      expect(theirs.statusCode, `${method} ${path}`).toBe(404);
      expect(ErrorEnvelopeSchema.parse(theirs.json())).toEqual(ErrorEnvelopeSchema.parse(nothing.json()));
    }
    expect(await delegateOf(ctx.db, def.model).findFirst({ where: { id: inB } })).toEqual(stored);
  });

  const assetRefs = [...def.fields.values()].filter((field) => field.ref?.scope === 'asset');
  // Resources without a reference to an asset's record (departments, groups, FAQ categories) have nothing to refuse here.
  if (assetRefs.length)
    it("refuses a reference to another asset's record, naming the field", async () => {
      const body = await create(13);
      for (const field of assetRefs) {
        if (!field.ref) continue;
        const foreign = await recordOfAssetB(field.ref.model);
        const before = await rows(def);
        const res = await api().post(def.path, { ...body, [field.name]: foreign });
        expect(res.statusCode, `${field.name}: ${res.body}`).toBe(400);
        expect(validation(res).data).toEqual({ [field.name]: [`${field.ref.label} not found.`] });
        expect(await rows(def)).toBe(before);
      }
    });
});
