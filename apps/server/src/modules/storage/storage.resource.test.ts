import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS as P } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createWorld, restAs, type ResourceWorld } from '../../resources/resource-test-kit.js';

let ctx: TestContext;
let world: ResourceWorld;

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createWorld(ctx);
  const base = { companyId: world.company.id, storageKey: 'secret/key', url: '/files/a.png' };
  await ctx.db.storedFile.create({ data: { ...base, assetId: world.assetA.id, name: 'Marina view.png', type: 'image', ext: 'png' } });
  await ctx.db.storedFile.create({ data: { ...base, assetId: world.assetB.id, name: 'Other asset.png', type: 'image' } });
});
afterAll(async () => ctx.close());

describe('storage (read only)', () => {
  it("lists and searches the asset's files without their storage key", async () => {
    const api = restAs(ctx, await world.user([P.STORAGES_VIEW]));
    const list = await api.get('storage', { limit: 52 });
    expect(list.json().data).toHaveLength(1);
    expect(list.json().data[0]).toMatchObject({ name: 'Marina view.png', file: '/files/a.png', type: 'image' });
    expect(list.json().data[0]).not.toHaveProperty('storageKey');
    expect((await api.get('storage', { select: ['storageKey'] })).statusCode).toBe(400);
    expect((await api.get('storage/search', {}, { keyword: 'marina' })).json().meta.total).toBe(1);
    expect((await api.post('storage', { name: 'x' })).statusCode).toBe(404);
    expect((await api.delete(`storage/${list.json().data[0]._id}`)).statusCode).toBe(404);
  });
});
