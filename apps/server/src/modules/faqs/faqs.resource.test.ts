import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PERMISSIONS as P } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createWorld, restAs, type ResourceWorld } from '../../resources/resource-test-kit.js';

let ctx: TestContext;
let world: ResourceWorld;

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createWorld(ctx);
});
afterAll(async () => ctx.close());

describe('faqs', () => {
  it('keeps questions in order with their category, for FAQS_VIEW only', async () => {
    const api = restAs(ctx, await world.user([P.FAQS_VIEW]));
    const category = (await api.post('faqs/categories', { name: 'Buying' })).json().data as { _id: string };
    await api.post('faqs/questions', { question: 'Second?', answer: 'B', order: 2, category: category._id });
    const first = await api.post('faqs/questions', { question: 'First?', answer: 'A', order: 1 });
    expect(first.json().data).toMatchObject({ enabled: true, order: 1, category: null });
    const list = await api.get('faqs/questions', { select: ['question'], populate: [{ path: 'category', select: ['name'] }] });
    expect(list.json().data.map((q: { question: string }) => q.question)).toEqual(['First?', 'Second?']);
    expect(list.json().data[1].category).toEqual({ _id: category._id, name: 'Buying' });
    expect((await api.post('faqs/questions', { question: 'Q', answer: '' })).json()).toMatchObject({
      statusCode: 400,
      data: { answer: ['Answer is required.'] },
    });
    const other = restAs(ctx, await world.user([P.MEMBERS_VIEW]));
    expect((await other.get('faqs/questions')).statusCode).toBe(403);
  });

  it('puts a new question last, and keeps a dragged order in one change', async () => {
    const api = restAs(ctx, await world.user([P.FAQS_VIEW]));
    const ids: string[] = [];
    for (const question of ['A?', 'B?', 'C?']) ids.push((await api.post('faqs/questions', { question, answer: 'x' })).json().data._id);
    const orders = async () =>
      (await api.get('faqs/questions', { select: ['question', 'order'], limit: 100 }))
        .json()
        .data.map((q: { question: string; order: number }) => [q.question, q.order]);
    const before = await orders();
    expect(before.slice(-3).map(([q]: [string]) => q)).toEqual(['A?', 'B?', 'C?']);
    const [a, b, c] = ids;
    // The order names every question of the asset once: the two of the test above stay last.
    const others = (await api.get('faqs/questions', { select: ['_id'], limit: 100 }))
      .json()
      .data.map((q: { _id: string }) => q._id)
      .filter((id: string) => !ids.includes(id));
    const moved = await api.patch('faqs/questions/order', { ids: [c, a, b, ...others] });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await orders()).filter(([q]: [string]) => ['A?', 'B?', 'C?'].includes(q))).toEqual([
      ['C?', 0],
      ['A?', 1],
      ['B?', 2],
    ]);
    // Named twice, unknown or another asset's: refused, and the order stays.
    expect((await api.patch('faqs/questions/order', { ids: [a, a] })).json()).toMatchObject({
      statusCode: 400,
      data: { ids: [expect.any(String)] },
    });
    expect((await api.patch('faqs/questions/order', { ids: [a, world.assetB.id] })).statusCode).toBe(404);
    expect((await orders()).filter(([q]: [string]) => ['A?', 'B?', 'C?'].includes(q))[0]).toEqual(['C?', 0]);
    const reader = restAs(ctx, await world.user([P.MEMBERS_VIEW]));
    expect((await reader.patch('faqs/questions/order', { ids: [a] })).statusCode).toBe(403);
    // A part of the list only is refused too: a drag saves the whole list.
    expect((await api.patch('faqs/questions/order', { ids: [a, b] })).json()).toMatchObject({
      statusCode: 400,
      data: { ids: [MESSAGES.order.exactly('question', 'asset')] },
    });
  });
});
