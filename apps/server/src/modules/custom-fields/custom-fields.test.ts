import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PERMISSIONS as P } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createWorld, restAs, type ResourceWorld } from '../../resources/resource-test-kit.js';

// Custom fields: definitions (CRUD, unique key per kind, order), the check of a listing's values on every write,
// PATCH custom-fields/{id}, filtering by `customFields.<key>` and the export's column per definition.

let ctx: TestContext;
let world: ResourceWorld;
let api: ReturnType<typeof restAs>;
const CF = MESSAGES.customField;

const define = async (body: Record<string, unknown>) => {
  const res = await api.post('properties/custom-fields', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { _id: string; order: number };
};
const listing = async (body: Record<string, unknown> = {}) =>
  api.post('properties/listings', { reference: `REF-${Math.random().toString(36).slice(2, 10)}`, ...body });

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createWorld(ctx);
  api = restAs(ctx, await world.user([P.LISTINGS_VIEW]));
  await define({ kind: 'listing', key: 'view', label: 'View', type: 'select', options: ['Sea', 'City', 'Park'], required: true });
  await define({ kind: 'listing', key: 'floor', label: 'Floor', type: 'number' });
  await define({ kind: 'listing', key: 'handover', label: 'Handover', type: 'date' });
  await define({ kind: 'listing', key: 'features', label: 'Features', type: 'multi-select', options: ['Pool', 'Gym'] });
  await define({ kind: 'listing', key: 'pets', label: 'Pets Allowed', type: 'boolean' });
  await define({ kind: 'listing', key: 'note', label: 'Note', type: 'text' });
});
afterAll(async () => ctx.close());

describe('custom field definitions', () => {
  it('are created in order per kind, with a key unique per kind, and edited, reordered and deleted', async () => {
    const a = await define({ kind: 'customer', key: 'nationality', label: 'Nationality', type: 'text' });
    const b = await define({ kind: 'customer', key: 'vip', label: 'VIP', type: 'boolean' });
    expect([a.order, b.order]).toEqual([0, 1]);
    // The same key in another kind is fine; twice in one kind is a 409.
    await define({ kind: 'project', key: 'nationality', label: 'Nationality', type: 'text' });
    const twice = await api.post('properties/custom-fields', { kind: 'customer', key: 'nationality', label: 'N', type: 'text' });
    expect(twice.statusCode).toBe(409);
    // A select needs options, a key is a slug, options belong to selects.
    const bad = await api.post('properties/custom-fields', { kind: 'lead', key: 'Bad Key', label: 'X', type: 'select' });
    expect(bad.json()).toMatchObject({ statusCode: 400, data: { key: [CF.keyFormat], options: [CF.optionsRequired] } });
    const textWithOptions = await api.post('properties/custom-fields', {
      kind: 'lead',
      key: 'x',
      label: 'X',
      type: 'text',
      options: ['a'],
    });
    expect(textWithOptions.json().data).toEqual({ options: [CF.optionsOnlyForSelect] });

    const edited = await api.patch(`properties/custom-fields/${b._id}`, { label: 'Very Important', enabled: false });
    expect(edited.json().data).toMatchObject({ label: 'Very Important', enabled: false, key: 'vip' });
    expect((await api.patch(`properties/custom-fields/${b._id}`, { key: 'renamed' })).statusCode).toBe(400);

    expect((await api.patch('properties/custom-fields/order', { ids: [b._id, a._id] })).statusCode).toBe(200);
    const list = await api.get('properties/custom-fields', { query: { kind: 'customer' }, select: ['key', 'order'] });
    expect(list.json().data.map((d: { key: string }) => d.key)).toEqual(['vip', 'nationality']);
    const [view] = (await api.get('properties/custom-fields', { query: { kind: 'listing', key: 'view' } })).json().data;
    const mixed = await api.patch('properties/custom-fields/order', { ids: [a._id, view._id] });
    expect(mixed.json()).toMatchObject({ statusCode: 400, data: { ids: [MESSAGES.order.oneList('fields', 'record kind')] } });

    expect((await api.delete(`properties/custom-fields/${a._id}`)).statusCode).toBe(200);
    const reader = restAs(ctx, await world.user([P.FAQS_VIEW]));
    expect((await reader.get('properties/custom-fields')).statusCode).toBe(403);
  });
});

describe("a listing's custom field values", () => {
  it('are checked on create and update: unknown key, wrong type, option not in the list, required missing', async () => {
    const missing = await listing({});
    expect(missing.json()).toMatchObject({ statusCode: 400, data: { 'customFields.view': ['View is required.'] } });
    const wrong = await listing({ customFields: { view: 'Desert', floor: 'high', handover: '2027-13-40', pets: 'yes', colour: 'red' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().data).toEqual({
      'customFields.view': [CF.option('View', ['Sea', 'City', 'Park'])],
      'customFields.floor': [CF.number('Floor')],
      'customFields.handover': [CF.date('Handover')],
      'customFields.pets': [CF.boolean('Pets Allowed')],
      'customFields.colour': [CF.unknown('colour')],
    });
    const multi = await listing({ customFields: { view: 'Sea', features: ['Pool', 'Sauna'] } });
    expect(multi.json().data).toEqual({ 'customFields.features': [CF.option('Features', ['Pool', 'Gym'])] });

    const created = await listing({ customFields: { view: 'Sea', floor: 12, features: ['Pool'], pets: true, note: ' Corner unit ' } });
    expect(created.statusCode, created.body).toBe(201);
    const record = created.json().data as { _id: string; customFields: Record<string, unknown> };
    expect(record.customFields).toEqual({ view: 'Sea', floor: 12, features: ['Pool'], pets: true, note: 'Corner unit' });

    // An update without values leaves them; with values they are merged (null clears one), then checked.
    expect((await api.patch(`properties/listings/${record._id}`, { title: 'Marina flat' })).json().data.customFields.view).toBe('Sea');
    const merged = await api.patch(`properties/listings/${record._id}`, { customFields: { floor: 14, note: null } });
    expect(merged.json().data.customFields).toEqual({ view: 'Sea', floor: 14, features: ['Pool'], pets: true });
    const cleared = await api.patch(`properties/listings/${record._id}`, { customFields: { view: null } });
    expect(cleared.json()).toMatchObject({ statusCode: 400, data: { 'customFields.view': ['View is required.'] } });
  });

  it('are set by PATCH properties/listings/custom-fields/{id}, only in the caller asset', async () => {
    const created = (await listing({ customFields: { view: 'City' } })).json().data as { _id: string };
    const set = await api.patch(`properties/listings/custom-fields/${created._id}`, {
      customFields: { view: 'Park', handover: '2027-06-30' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toEqual({ _id: created._id, customFields: { view: 'Park', handover: '2027-06-30' } });
    const refused = await api.patch(`properties/listings/custom-fields/${created._id}`, { customFields: { floor: '3' } });
    expect(refused.json()).toMatchObject({
      statusCode: 400,
      message: CF.number('Floor'),
      data: { 'customFields.floor': [CF.number('Floor')] },
    });
    const other = restAs(ctx, await world.user([P.LISTINGS_VIEW], { assets: [world.assetB] }));
    expect((await other.patch(`properties/listings/custom-fields/${created._id}`, { customFields: { view: 'Sea' } })).statusCode).toBe(404);
  });

  it('filter the list by customFields.<key>, only for defined keys, and fill one export column per definition', async () => {
    const tag = `T${Date.now()}`;
    await listing({ title: tag, customFields: { view: 'Sea', floor: 30, features: ['Gym', 'Pool'], handover: '2027-01-15' } });
    await listing({ title: tag, customFields: { view: 'City', floor: 5, pets: false } });
    const titles = async (query: Record<string, unknown>) => {
      const res = await api.get('properties/listings', { query: { title: tag, ...query }, select: ['title', 'customFields'] });
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json()
        .data.map((l: { customFields: { view: string } }) => l.customFields.view)
        .sort();
    };
    expect(await titles({ 'customFields.view': 'Sea' })).toEqual(['Sea']);
    expect(await titles({ 'customFields.view': { $in: ['Sea', 'City'] } })).toEqual(['City', 'Sea']);
    expect(await titles({ 'customFields.view': { $ne: 'Sea' } })).toEqual(['City']);
    expect(await titles({ 'customFields.floor': { $gte: 10 } })).toEqual(['Sea']);
    expect(await titles({ 'customFields.features': 'Gym' })).toEqual(['Sea']);
    expect(await titles({ 'customFields.handover': { $lt: '2027-06-01' } })).toEqual(['Sea']);
    expect(await titles({ 'customFields.pets': false })).toEqual(['City']);
    expect(await titles({ 'customFields.pets': null })).toEqual(['Sea']);

    const unknown = await api.get('properties/listings', { query: { 'customFields.colour': 'red' } });
    expect(unknown.json()).toMatchObject({
      statusCode: 400,
      data: { 'filter.query.customFields.colour': ["Unknown field 'customFields.colour'."] },
    });
    const notAnOption = await api.get('properties/listings', { query: { 'customFields.view': 'Desert' } });
    expect(notAnOption.statusCode).toBe(400);
    const wrongType = await api.get('properties/listings', { query: { 'customFields.floor': 'ten' } });
    expect(wrongType.statusCode).toBe(400);

    const csv = await api.get('properties/listings/export', {
      query: { title: tag, 'customFields.view': 'Sea' },
      select: ['reference', 'customFields'],
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, row, ...rest] = csv.body.replace('\ufeff', '').trim().split('\n');
    expect(rest).toEqual([]);
    expect(header).toBe('Reference,View,Floor,Handover,Features,Pets Allowed,Note');
    expect(row).toMatch(/^REF-[a-z0-9]+,Sea,30,2027-01-15,"Gym, Pool",,$/);
  });

  it('filter text by a literal, case-insensitive part, numbers and dates by a range (the list screens send these)', async () => {
    const tag = `R${Date.now()}`;
    await listing({ title: tag, customFields: { view: 'Sea', note: 'Corner unit', floor: 3, handover: '2026-12-31' } });
    await listing({
      title: tag,
      customFields: { view: 'City', note: 'Sea-facing CORNER, 100% fitted', floor: 12, handover: '2027-03-01' },
    });
    await listing({ title: tag, customFields: { view: 'Park', note: 'Garden_level', floor: 25, handover: '2027-09-15' } });
    await listing({ title: tag, customFields: { view: 'Sea' } });
    const views = async (query: Record<string, unknown>) => {
      const res = await api.get('properties/listings', { query: { title: tag, ...query }, select: ['customFields'] });
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json()
        .data.map((l: { customFields: { view: string } }) => l.customFields.view)
        .sort();
    };
    // Text: contains, whatever the case; LIKE's wildcards and the escaped regex specials match themselves.
    expect(await views({ 'customFields.note': { $regex: 'corner', $options: 'i' } })).toEqual(['City', 'Sea']);
    expect(await views({ 'customFields.note': { $regex: '100%' } })).toEqual(['City']);
    expect(await views({ 'customFields.note': { $regex: 'n_l' } })).toEqual(['Park']);
    expect(await views({ 'customFields.note': { $regex: '_' } })).toEqual(['Park']);
    expect(await views({ 'customFields.note': { $regex: 'CORNER, 100% fitted' } })).toEqual(['City']);
    expect(await views({ 'customFields.note': { $regex: 'unit\\.' } })).toEqual([]);
    // Numbers: from, to, or both (inclusive); a listing without a value is in no range.
    expect(await views({ 'customFields.floor': { $gte: 3, $lte: 12 } })).toEqual(['City', 'Sea']);
    expect(await views({ 'customFields.floor': { $gte: 12 } })).toEqual(['City', 'Park']);
    expect(await views({ 'customFields.floor': { $lte: 2.5 } })).toEqual([]);
    // Dates (YYYY-MM-DD): whole days, inclusive.
    expect(await views({ 'customFields.handover': { $gte: '2026-12-31', $lte: '2027-03-01' } })).toEqual(['City', 'Sea']);
    expect(await views({ 'customFields.handover': { $gte: '2027-03-02' } })).toEqual(['Park']);
    // A range on text, or a part of a number, is refused.
    expect((await api.get('properties/listings', { query: { 'customFields.floor': { $regex: '1' } } })).statusCode).toBe(400);
    expect((await api.get('properties/listings', { query: { 'customFields.pets': { $gte: true } } })).statusCode).toBe(400);
  });

  it("drop a deleted field's value on the record's next write, without refusing the form that sends it back", async () => {
    const temp = await define({ kind: 'listing', key: 'temp', label: 'Temp', type: 'text' });
    const created = (await listing({ customFields: { view: 'Sea', temp: 'x' } })).json().data as { _id: string };
    expect((await api.delete(`properties/custom-fields/${temp._id}`)).statusCode).toBe(200);
    const again = await api.patch(`properties/listings/${created._id}`, { customFields: { view: 'City', temp: 'x' } });
    expect(again.json().data.customFields).toEqual({ view: 'City' });
    const fresh = await api.patch(`properties/listings/${created._id}`, { customFields: { temp: 'y' } });
    expect(fresh.json()).toMatchObject({ statusCode: 400, data: { 'customFields.temp': [CF.unknown('temp')] } });
  });
});
