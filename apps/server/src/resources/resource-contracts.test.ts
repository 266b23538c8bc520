import { LeadRecordSchema } from '@crm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { RESOURCES } from '../modules/register.js';
import { getLead } from '../modules/leads/index.js';
import { type Body, RESOURCE_FIXTURES } from './resource-fixtures.js';
import { actorOfCaller, createWorld, restAs, type ResourceWorld, strictSchemaOf } from './resource-test-kit.js';
import { findOneRecord, findRecordById, listRecords, type ResourceCall } from './resource.service.js';
import { createRecord, patchRecord } from './resource-write.service.js';

// Every registered resource answers what its contract says, and nothing more. Each is walked through its calls
// (create, list, by id, one, update where it allows them; read-only ones from a row inserted with Prisma) on both
// sides of the door: the REST answers with their statuses, and the engine's own answers, before the door's schema
// could drop a key, parsed with the contract's record and row schemas made strict.

let ctx: TestContext;
let world: ResourceWorld;
let call: ResourceCall;

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createWorld(ctx);
  call = { deps: ctx.app.deps, actor: await actorOfCaller(ctx, world.admin) };
});
afterAll(async () => ctx.close());

const api = () => restAs(ctx, world.admin);
/** Creates a referenced record through the API; answers its id. */
async function post(path: string, body: Body): Promise<string> {
  const res = await api().post(path, body);
  expect(res.statusCode, `POST ${path}: ${res.body}`).toBe(201);
  return (res.json() as { data: { _id: string } }).data._id;
}
const idOf = (value: unknown) => (value as { _id: string })._id;
const trpcQuery = (procedure: string, input: unknown) =>
  ctx.app.inject({
    method: 'GET',
    url: `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`,
    headers: world.admin.headers,
  });

it('has a fixture for every registered resource', () => {
  expect(RESOURCES.map((def) => def.contract.name).filter((name) => !RESOURCE_FIXTURES[name])).toEqual([]);
});

describe.each(RESOURCES.map((def) => [def.contract.name, def] as const))('resource %s', (name, def) => {
  it('answers records and rows its contract describes, strictly', async () => {
    const fixture = RESOURCE_FIXTURES[name] ?? {};
    const { contract } = def;
    const record = strictSchemaOf(contract.record);
    const row = strictSchemaOf(contract.row);
    const list = strictSchemaOf(contract.listResponse);

    let id: string;
    if (def.permissions.create && def.createSchema) {
      if (!fixture.create) throw new Error(`${name}: a writable resource needs a create fixture`);
      const created = await api().post(def.path, await fixture.create(post, 1));
      expect(created.statusCode, created.body).toBe(201);
      record.parse((created.json() as { data: unknown }).data);
      const direct = record.parse(await createRecord(call, def, await fixture.create(post, 2)));
      id = idOf(direct);
    } else {
      if (!fixture.insert) throw new Error(`${name}: a read-only resource needs an insert fixture`);
      id = await fixture.insert(ctx, world);
      // No generic create: the route does not exist.
      expect((await api().post(def.path, {})).statusCode).toBe(404);
    }

    const populate = [...contract.keys.relations];
    const filter = { query: { _id: id }, populate };
    const listed = await api().get(def.path, filter);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(list.parse(listed.json())).toMatchObject({ data: [{ _id: id }], meta: { total: 1 } });
    expect(list.parse(await listRecords(call, def, filter))).toMatchObject({ data: [{ _id: id }] });

    const byId = await api().get(`${def.path}/${id}`, { populate });
    expect(byId.statusCode, byId.body).toBe(200);
    expect(idOf(record.parse((byId.json() as { data: unknown }).data))).toBe(id);
    const whole = record.parse(await findRecordById(call, def, id, { populate })) as Body;
    expect(whole._id).toBe(id);
    // The strict schemas refuse what the contract lacks, at the top and inside a populated relation.
    expect(() => record.parse({ ...whole, notInTheContract: 1 })).toThrow();
    const [relation] = populate;
    const related = relation === undefined ? undefined : whole[relation];
    if (related && typeof related === 'object' && !Array.isArray(related)) {
      expect(() => record.parse({ ...whole, [relation as string]: { ...related, notInTheContract: 1 } })).toThrow();
    }
    // Without populate too: every reference is then its id.
    record.parse(await findRecordById(call, def, id));
    const viaTrpc = await trpcQuery(`${name}.byId`, name === 'leads' ? { id } : { id, populate });
    expect(viaTrpc.statusCode, viaTrpc.body).toBe(200);

    const one = await api().get(`${def.path}/one`, filter);
    expect(one.statusCode, one.body).toBe(200);
    row.parse((one.json() as { data: unknown }).data);
    expect(idOf(row.parse(await findOneRecord(call, def, filter)))).toBe(id);

    if (def.permissions.update && def.updateSchema) {
      if (!fixture.update) throw new Error(`${name}: an updatable resource needs an update fixture`);
      const updated = await api().patch(`${def.path}/${id}`, fixture.update);
      expect(updated.statusCode, updated.body).toBe(200);
      record.parse((updated.json() as { data: unknown }).data);
      expect(idOf(record.parse(await patchRecord(call, def, id, fixture.update)))).toBe(id);
    } else {
      expect((await api().patch(`${def.path}/${id}`, {})).statusCode).toBe(404);
    }
  });
});

describe("the lead engine's own answers", () => {
  it('are the lead contract’s record, strictly', async () => {
    const insert = RESOURCE_FIXTURES.leads?.insert;
    if (!insert) throw new Error('leads need an insert fixture');
    const id = await insert(ctx, world);
    const lead = strictSchemaOf(LeadRecordSchema).parse(await getLead(ctx.app.deps, call.actor, world.assetA.id, id));
    expect(lead).toMatchObject({ _id: id, listings: [{ _id: expect.any(String) }], review: { rating: 5 }, slaStage: expect.any(String) });
  });
});
