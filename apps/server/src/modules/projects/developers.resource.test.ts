import { developerContract, PERMISSIONS as P } from '@crm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createWorld, type ResourceWorld, restAs } from '../../resources/resource-test-kit.js';

let ctx: TestContext;
let world: ResourceWorld;

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createWorld(ctx);
});
afterAll(async () => ctx.close());

async function storedFile(assetId: string, type: 'image' | 'other', name: string) {
  return ctx.db.storedFile.create({
    data: { companyId: world.company.id, assetId, name, type, storageKey: `k/${name}`, url: `/api/storage/files/${name}` },
  });
}

describe('developers', () => {
  it('keeps the logo: an image of the asset, its URL beside it, cleared with it', async () => {
    const api = restAs(ctx, await world.user([P.DEVELOPERS_VIEW]));
    const logo = await storedFile(world.assetA.id, 'image', 'emaar.png');
    const created = await api.post('properties/developers', {
      name: 'Emaar',
      logo: logo.id,
      description: 'Master developer',
      website: 'https://www.emaar.com',
    });
    expect(created.statusCode, created.body).toBe(201);
    const record = developerContract.record.parse(created.json().data);
    expect(record).toMatchObject({ logo: logo.id, logoUrl: logo.url, website: 'https://www.emaar.com' });

    const read = await api.get(`properties/developers/${record._id}`, { populate: ['logo'] });
    expect(read.json().data.logo).toMatchObject({ _id: logo.id, name: 'emaar.png', file: logo.url });

    const cleared = await api.patch(`properties/developers/${record._id}`, { logo: null });
    expect(cleared.json().data).toMatchObject({ logo: null, logoUrl: null });
  });

  it('refuses a document as a logo, another asset’s file, and a website that is no web address', async () => {
    const api = restAs(ctx, await world.user([P.DEVELOPERS_VIEW]));
    const pdf = await storedFile(world.assetA.id, 'other', 'brochure.pdf');
    const elsewhere = await storedFile(world.assetB.id, 'image', 'other-asset.png');
    const before = await ctx.db.developer.count();
    const document = await api.post('properties/developers', { name: 'A', logo: pdf.id });
    expect(document.json()).toMatchObject({ statusCode: 400, data: { logo: ['You can only upload JPG,SVG,PNG,WEBP file!'] } });
    const foreign = await api.post('properties/developers', { name: 'B', logo: elsewhere.id });
    expect(foreign.json()).toMatchObject({ statusCode: 400, data: { logo: ['Logo not found.'] } });
    const website = await api.post('properties/developers', { name: 'C', website: 'javascript:alert(1)' });
    expect(website.json()).toMatchObject({ statusCode: 400, data: { website: ['Website must be a web address (https://...).'] } });
    expect(await ctx.db.developer.count()).toBe(before);
  });
});
