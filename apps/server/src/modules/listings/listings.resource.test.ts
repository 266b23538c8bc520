import { LISTING_MESSAGES, PERMISSIONS as P, listingContract, permitFilterQuery } from '@crm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { uniqueSuffix } from '../../../test/factories.js';
import { createWorld, restAs, type Caller, type ResourceWorld } from '../../resources/resource-test-kit.js';

// The listing record's own rules over real PostgreSQL: pictures picked in Storage (order, cover, URLs), the rent
// and permit rules, owners and files of the asset only, the agent's filters, and the media/amenities calls.

let ctx: TestContext;
let world: ResourceWorld;
let agent: Caller;

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createWorld(ctx);
  agent = await world.user([P.LISTINGS_VIEW]);
});
afterAll(async () => ctx.close());

async function storedFile(assetId: string, type: 'image' | 'other', name: string) {
  return ctx.db.storedFile.create({
    data: {
      companyId: world.company.id,
      assetId,
      name,
      type,
      storageKey: `k/${name}`,
      url: `/api/storage/files/${name}`,
      thumbnailUrl: type === 'image' ? `/api/storage/files/thumb-${name}` : null,
    },
  });
}

const reference = () => `L-${uniqueSuffix()}`;
const day = 24 * 60 * 60 * 1000;

describe('listing pictures', () => {
  it('keeps the pictures in the order picked, with their URLs, and the first as cover unless one is picked', async () => {
    const api = restAs(ctx, agent);
    const [a, b, c] = await Promise.all(
      ['a.jpg', 'b.jpg', 'c.jpg'].map((name) => storedFile(world.assetA.id, 'image', `${uniqueSuffix()}-${name}`)),
    );
    const plan = await storedFile(world.assetA.id, 'other', `${uniqueSuffix()}-plan.pdf`);
    if (!a || !b || !c) throw new Error('files not stored');
    const created = await api.post('properties/listings', {
      reference: reference(),
      title: 'Two bedrooms, marina view',
      titleAr: 'شقة بغرفتين',
      leadType: 'Sale',
      unitType: 'Apartment',
      images: [b.id, a.id, c.id],
      floorPlans: [plan.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const record = listingContract.record.parse(created.json().data);
    expect(record.images?.map((m) => m.file)).toEqual([b.id, a.id, c.id]);
    expect(record.images?.[0]).toEqual({ file: b.id, url: b.url, thumbnail: b.thumbnailUrl });
    expect(record.floorPlans).toEqual([{ file: plan.id, url: plan.url, thumbnail: null }]);
    expect(record).toMatchObject({ cover: b.id, coverUrl: b.url, status: 'Draft', titleAr: 'شقة بغرفتين' });

    // Reordered, with the cover picked: PATCH images/{id}.
    const reordered = await api.patch(`properties/listings/images/${record._id}`, { images: [c.id, b.id], cover: b.id });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().data).toMatchObject({ cover: b.id, coverUrl: b.url });
    expect(reordered.json().data.images.map((m: { file: string }) => m.file)).toEqual([c.id, b.id]);
    const read = await api.get(`properties/listings/${record._id}`, { populate: ['cover'] });
    expect(read.json().data.cover).toMatchObject({ _id: b.id, file: b.url });

    // The cover leaves with its picture: the first one left takes its place.
    const without = await api.patch(`properties/listings/${record._id}`, { images: [c.id] });
    expect(without.json().data).toMatchObject({ cover: c.id, coverUrl: c.url });
    const none = await api.patch(`properties/listings/images/${record._id}`, { images: [] });
    expect(none.json().data).toMatchObject({ cover: null, coverUrl: null, images: [] });
  });

  it('refuses a cover that is not a picture of the listing, a document as a picture, and another asset’s file', async () => {
    const api = restAs(ctx, agent);
    const image = await storedFile(world.assetA.id, 'image', `${uniqueSuffix()}.png`);
    const other = await storedFile(world.assetA.id, 'image', `${uniqueSuffix()}.png`);
    const pdf = await storedFile(world.assetA.id, 'other', `${uniqueSuffix()}.pdf`);
    const foreign = await storedFile(world.assetB.id, 'image', `${uniqueSuffix()}.png`);
    const before = await ctx.db.listing.count();
    const cover = await api.post('properties/listings', { reference: reference(), images: [image.id], cover: other.id });
    expect(cover.json()).toMatchObject({ statusCode: 400, data: { cover: [LISTING_MESSAGES.coverNotAnImage] } });
    const document = await api.post('properties/listings', { reference: reference(), images: [pdf.id] });
    expect(document.json()).toMatchObject({ statusCode: 400, data: { images: ['You can only upload JPG,SVG,PNG,WEBP file!'] } });
    const elsewhere = await api.post('properties/listings', { reference: reference(), images: [foreign.id] });
    expect(elsewhere.json()).toMatchObject({ statusCode: 400, data: { images: ['Image not found.'] } });
    const repeated = await api.post('properties/listings', { reference: reference(), images: [image.id, image.id] });
    expect(repeated.json()).toMatchObject({ statusCode: 400, data: { images: ['Images may not repeat a file.'] } });
    expect(await ctx.db.listing.count()).toBe(before);
  });
});

describe('listing rules', () => {
  it('gives a rent listing a frequency (yearly unless named), none to a sale, and asks a permit for its expiry', async () => {
    const api = restAs(ctx, agent);
    const yearly = await api.post('properties/listings', { reference: reference(), leadType: 'Rent' });
    expect(yearly.json().data).toMatchObject({ leadType: 'Rent', rentFrequency: 'Yearly' });
    const sale = await api.post('properties/listings', { reference: reference(), leadType: 'Sale', rentFrequency: 'Yearly' });
    expect(sale.json()).toMatchObject({ statusCode: 400, data: { rentFrequency: [LISTING_MESSAGES.rentFrequencyOnlyForRent] } });
    const permit = await api.post('properties/listings', { reference: reference(), permitNumber: '7117001234' });
    expect(permit.json()).toMatchObject({ statusCode: 400, data: { permitExpiresAt: [LISTING_MESSAGES.permitExpiryRequired] } });

    const monthly = await api.post('properties/listings', {
      reference: reference(),
      leadType: 'Rent',
      rentFrequency: 'Monthly',
      price: 12_000,
    });
    expect(monthly.statusCode, monthly.body).toBe(201);
    const id = monthly.json().data._id as string;
    // The stored row with the change applied: a change of price keeps the frequency, a sale drops it.
    expect((await api.patch(`properties/listings/${id}`, { price: 11_000 })).json().data).toMatchObject({ rentFrequency: 'Monthly' });
    expect((await api.patch(`properties/listings/${id}`, { leadType: 'Sale' })).json().data).toMatchObject({
      leadType: 'Sale',
      rentFrequency: null,
    });
    const stored = await ctx.db.listing.findUniqueOrThrow({ where: { id } });
    expect(stored.permitNumber).toBeNull();
    const expiryLater = await api.patch(`properties/listings/${id}`, { permitNumber: 'P-9' });
    expect(expiryLater.json()).toMatchObject({ statusCode: 400, data: { permitExpiresAt: [LISTING_MESSAGES.permitExpiryRequired] } });
  });

  it('refuses a unit type outside the list, a second listing with the same reference, and another asset’s owner', async () => {
    const api = restAs(ctx, agent);
    const type = await api.post('properties/listings', { reference: reference(), unitType: 'Castle' });
    expect(type.json()).toMatchObject({ statusCode: 400, data: { unitType: ['Unit type is invalid.'] } });
    const ref = reference();
    expect((await api.post('properties/listings', { reference: ref })).statusCode).toBe(201);
    const twice = await api.post('properties/listings', { reference: ref });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ statusCode: 409 });

    const foreignOwner = await ctx.db.customer.create({
      data: {
        companyId: world.company.id,
        assetId: world.assetB.id,
        customerID: `C-${uniqueSuffix()}`,
        firstName: 'Other',
        fullName: 'Other',
      },
    });
    const owner = await api.post('properties/listings', { reference: reference(), owner: foreignOwner.id });
    expect(owner.statusCode).toBe(400);
    expect(Object.keys(owner.json().data)).toEqual(['owner']);
  });

  it('keeps the owner (a customer of the asset), the permit, tags and portals', async () => {
    const api = restAs(ctx, agent);
    const owner = await ctx.db.customer.create({
      data: {
        companyId: world.company.id,
        assetId: world.assetA.id,
        customerID: `C-${uniqueSuffix()}`,
        firstName: 'Omar',
        fullName: 'Omar Haddad',
      },
    });
    const expiry = new Date(Date.now() + 90 * day).toISOString();
    const created = await api.post('properties/listings', {
      reference: reference(),
      owner: owner.id,
      permitNumber: '7117009999',
      permitExpiresAt: expiry,
      tags: ['sea view', 'vacant'],
      portals: ['Property Finder', 'Bayut'],
      latitude: 25.08,
      longitude: 55.14,
      size: 1250.5,
      parking: 2,
      furnishing: 'Furnished',
      completionStatus: 'Ready',
      status: 'Draft',
    });
    expect(created.statusCode, created.body).toBe(201);
    const read = await api.get(`properties/listings/${created.json().data._id}`, { populate: ['owner'] });
    expect(read.json().data).toMatchObject({
      owner: { _id: owner.id, fullName: 'Omar Haddad' },
      permitNumber: '7117009999',
      permitExpiresAt: expiry,
      tags: ['sea view', 'vacant'],
      portals: ['Property Finder', 'Bayut'],
      size: 1250.5,
      status: 'Draft',
      permitStatus: 'unchecked',
    });
    const tags = await api.get('properties/listings/tags');
    expect(tags.json().data).toEqual(expect.arrayContaining(['sea view', 'vacant']));
  });
});

describe('the list filters an agent uses', () => {
  it('finds listings by permit state, price and size ranges, status, type, bedrooms, community and tags', async () => {
    const api = restAs(ctx, agent);
    const community = `Community ${uniqueSuffix()}`;
    const now = Date.now();
    const make = (ref: string, extra: Record<string, unknown>) =>
      api.post('properties/listings', { reference: `${ref}-${uniqueSuffix()}`, community, ...extra }).then((res) => {
        expect(res.statusCode, res.body).toBe(201);
        return res.json().data._id as string;
      });
    const missing = await make('missing', { price: 900_000, size: 800, bedrooms: 1, unitType: 'Apartment', tags: ['vacant'] });
    const expiring = await make('expiring', {
      permitNumber: 'P1',
      permitExpiresAt: new Date(now + 10 * day).toISOString(),
      price: 2_000_000,
      size: 1500,
      bedrooms: 2,
      unitType: 'Villa',
      status: 'Published',
    });
    const expired = await make('expired', { permitNumber: 'P2', permitExpiresAt: new Date(now - day).toISOString(), price: 3_000_000 });
    const valid = await make('valid', { permitNumber: 'P3', permitExpiresAt: new Date(now + 200 * day).toISOString(), price: 4_000_000 });
    const ids = async (query: Record<string, unknown>) =>
      ((await api.get('properties/listings', { query: { community, ...query }, limit: -1 })).json().data as { _id: string }[])
        .map((row) => row._id)
        .sort();
    const sorted = (...list: string[]) => [...list].sort();
    expect(await ids(permitFilterQuery(['missing', 'expiring'], new Date(now)))).toEqual(sorted(missing, expiring));
    expect(await ids(permitFilterQuery(['expired'], new Date(now)))).toEqual([expired]);
    expect(await ids(permitFilterQuery(['valid'], new Date(now)))).toEqual([valid]);
    expect(await ids({ price: { $gte: 1_000_000, $lte: 3_000_000 } })).toEqual(sorted(expiring, expired));
    expect(await ids({ size: { $gte: 1000 } })).toEqual([expiring]);
    expect(await ids({ status: { $in: ['Published'] }, unitType: { $in: ['Villa'] }, bedrooms: { $in: [2] } })).toEqual([expiring]);
    expect(await ids({ tags: { $in: ['vacant'] } })).toEqual([missing]);
  });
});

describe('listing parts and other assets', () => {
  it('sets the amenities on their own, and answers 404 for another asset’s listing', async () => {
    const api = restAs(ctx, agent);
    const created = await api.post('properties/listings', { reference: reference(), amenities: [] });
    const id = created.json().data._id as string;
    const set = await api.patch(`properties/listings/amenities/${id}`, { amenities: ['Balcony', 'Shared Gym'] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.amenities).toEqual(['Balcony', 'Shared Gym']);
    const wrong = await api.patch(`properties/listings/amenities/${id}`, { amenities: ['Moat'] });
    expect(wrong.statusCode).toBe(400);

    const foreign = await ctx.db.listing.create({
      data: { companyId: world.company.id, assetId: world.assetB.id, reference: reference() },
    });
    expect((await api.patch(`properties/listings/amenities/${foreign.id}`, { amenities: ['Shared Gym'] })).statusCode).toBe(404);
    expect((await api.patch(`properties/listings/images/${foreign.id}`, { images: [] })).statusCode).toBe(404);
    // The tRPC door answers the same record, checked against the contract's row on the way out.
    const image = await storedFile(world.assetA.id, 'image', `${uniqueSuffix()}.png`);
    const trpc = await ctx.app.inject({
      method: 'POST',
      url: '/trpc/listings.updateImages',
      headers: { ...agent.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ id, images: [image.id] }),
    });
    expect(trpc.statusCode, trpc.body).toBe(200);
    expect(trpc.json().result.data.data).toMatchObject({ cover: image.id, coverUrl: image.url, amenities: ['Balcony', 'Shared Gym'] });
    const viewer = restAs(ctx, await world.user([P.LEADS_REPORT_VIEW]));
    expect((await viewer.patch(`properties/listings/amenities/${id}`, { amenities: ['Shared Gym'] })).statusCode).toBe(403);
  });
});
