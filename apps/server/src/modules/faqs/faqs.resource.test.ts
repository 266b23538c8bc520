import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS as P } from '@crm/domain';
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
});
