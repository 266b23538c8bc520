import { randomUUID } from 'node:crypto';
import { MESSAGES, PERMISSIONS as P } from '@crm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { uniqueSuffix } from '../../test/factories.js';
import { createWorld, type ResourceWorld, restAs } from './resource-test-kit.js';

// The engine's reorder call (resource-order.ts), for each ordered resource: the order fact's records and items.

let ctx: TestContext;
let world: ResourceWorld;
let api: ReturnType<typeof restAs>;

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createWorld(ctx);
  api = restAs(ctx, await world.user([P.FAQS_VIEW, P.LISTINGS_VIEW, P.PROJECTS_VIEW]));
});
afterAll(async () => ctx.close());

const dataOf = <T>(res: { statusCode: number; body: string }, status = 201): T => {
  expect(res.statusCode, res.body).toBe(status);
  return JSON.parse(res.body).data as T;
};

async function questions(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let n = 0; n < count; n += 1)
    ids.push(dataOf<{ _id: string }>(await api.post('faqs/questions', { question: `Q${n}-${uniqueSuffix()}?`, answer: 'A' }))._id);
  return ids;
}

const orderOfFaqs = async () =>
  (await ctx.db.faq.findMany({ where: { assetId: world.assetA.id, deletedAt: null }, orderBy: { order: 'asc' } })).map((faq) => faq.id);

describe('the reorder of records in a list', () => {
  it('gives a new record the next place of its list, and a dragged order places from 0', async () => {
    const before = await orderOfFaqs();
    const ids = await questions(3);
    const rows = await ctx.db.faq.findMany({ where: { id: { in: ids } }, orderBy: { order: 'asc' } });
    expect(rows.map((row) => [row.id, row.order])).toEqual(ids.map((id, n) => [id, before.length + n]));
    const all = [...ids.reverse(), ...before];
    expect(dataOf(await api.patch('faqs/questions/order', { ids: all }), 200)).toEqual({ ids: all });
    expect(await orderOfFaqs()).toEqual(all);
    // A custom field's list is its record kind: a new one goes after the last of its own kind only.
    const field = async (kind: string, key: string) =>
      dataOf<{ _id: string; order: number }>(await api.post('properties/custom-fields', { kind, key, label: key, type: 'text' }));
    const [a, b, c] = [await field('lead', 'alpha'), await field('lead', 'beta'), await field('customer', 'gamma')];
    expect([a.order, b.order, c.order]).toEqual([0, 1, 0]);
    expect(dataOf(await api.patch('properties/custom-fields/order', { ids: [b._id, a._id] }), 200)).toEqual({ ids: [b._id, a._id] });
    expect((await field('lead', 'delta')).order).toBe(2);
  });

  it('refuses a missing, unknown, repeated or foreign id with the error envelope, and changes nothing', async () => {
    await questions(2);
    const all = await orderOfFaqs();
    const [first = '', ...rest] = all;
    const exactly = { statusCode: 400, data: { ids: [MESSAGES.order.exactly('question', 'asset')] } };
    expect((await api.patch('faqs/questions/order', { ids: rest })).json()).toMatchObject(exactly);
    expect((await api.patch('faqs/questions/order', { ids: [first, first, ...rest] })).json()).toMatchObject(exactly);
    const unknown = await api.patch('faqs/questions/order', { ids: [...all, randomUUID()] });
    expect(unknown.json()).toMatchObject({ statusCode: 404, message: MESSAGES.record.notFound('FAQ') });
    expect((await api.patch('faqs/questions/order', { ids: ['not-an-id'] })).json()).toMatchObject({ statusCode: 400 });
    // Another asset's questions: not found, as if they were not there.
    const admin = restAs(ctx, world.admin);
    const theirs = dataOf<{ _id: string }>(await admin.post('faqs/questions', { question: 'B?', answer: 'B' }, { asset: world.assetB.id }));
    expect((await api.patch('faqs/questions/order', { ids: [theirs._id] })).statusCode).toBe(404);
    expect((await api.patch('faqs/questions/order', { ids: [...all, theirs._id] })).statusCode).toBe(404);
    expect(await orderOfFaqs()).toEqual(all);
  });

  it('lets two reorders of one list run at once, ending in one of the two orders, never a mix', async () => {
    await questions(4);
    const all = await orderOfFaqs();
    const one = [...all].reverse();
    const other = [...all.slice(1), ...all.slice(0, 1)];
    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all([
        api.patch('faqs/questions/order', { ids: one }),
        api.patch('faqs/questions/order', { ids: other }),
      ]);
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
      expect([one, other]).toContainEqual(await orderOfFaqs());
    }
  });

  it('gives two records created at once two places', async () => {
    const before = (await orderOfFaqs()).length;
    await Promise.all([questions(1), questions(1), questions(1)]);
    const places = (await ctx.db.faq.findMany({ where: { assetId: world.assetA.id, deletedAt: null } })).map((faq) => faq.order);
    expect(new Set(places).size).toBe(before + 3);
  });
});

describe("the reorder of a record's items", () => {
  it("answers another asset's project as not found, and two reorders at once end in one of them", async () => {
    const admin = restAs(ctx, world.admin);
    const theirs = dataOf<{ _id: string }>(
      await admin.post('properties/projects', { name: 'Theirs', slug: `theirs-${uniqueSuffix()}` }, { asset: world.assetB.id }),
    );
    const project = dataOf<{ _id: string }>(await api.post('properties/projects', { name: 'Ours', slug: `ours-${uniqueSuffix()}` }));
    for (const question of ['One?', 'Two?', 'Three?']) await api.post(`properties/projects/${project._id}/faq`, { question, answer: 'A' });
    const faqs = async () =>
      dataOf<{ faqs: { _id: string; order: number }[] }>(await api.get(`properties/projects/${project._id}`), 200).faqs.map((f) => f._id);
    const ids = await faqs();
    expect((await api.patch(`properties/projects/${theirs._id}/change-faqs-order`, { ids })).json()).toMatchObject({ statusCode: 404 });
    const one = [...ids].reverse();
    const other = [...ids.slice(1), ...ids.slice(0, 1)];
    const answers = await Promise.all([
      api.patch(`properties/projects/${project._id}/change-faqs-order`, { ids: one }),
      api.patch(`properties/projects/${project._id}/change-faqs-order`, { ids: other }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    expect([one, other]).toContainEqual(await faqs());
  });
});

describe("the reorder's tRPC door", () => {
  let apiCaller: Awaited<ReturnType<ResourceWorld['user']>>;
  const trpc = (procedure: string, input: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: `/trpc/${procedure}`,
      headers: { ...apiCaller.headers, 'content-type': 'application/json' },
      payload: JSON.stringify(input),
    });

  it('answers faqs.reorder and projects.reorderFaqs as REST does, with the messages naming the body', async () => {
    apiCaller = await world.user([P.FAQS_VIEW, P.PROJECTS_VIEW]);
    const all = await orderOfFaqs();
    const reversed = [...all].reverse();
    const moved = await trpc('faqs.reorder', { ids: reversed });
    expect(moved.json()).toMatchObject({ result: { data: { data: { ids: reversed } } } });
    expect(await orderOfFaqs()).toEqual(reversed);
    const project = dataOf<{ _id: string }>(await api.post('properties/projects', { name: 'Door', slug: `door-${uniqueSuffix()}` }));
    await api.post(`properties/projects/${project._id}/faq`, { question: 'One?', answer: 'A' });
    const partial = await trpc('projects.reorderFaqs', { id: project._id, data: { ids: [randomUUID()] } });
    expect(partial.json()).toMatchObject({
      error: { data: { envelope: { statusCode: 400, data: { ids: [MESSAGES.order.exactly('question', 'project')] } } } },
    });
  });
});
