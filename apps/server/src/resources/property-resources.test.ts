import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS as P } from '@crm/domain';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { createWorld, restAs, type ResourceWorld } from './resource-test-kit.js';

// Listings, projects, developers and the read-only leads resource on the generic engine.

let ctx: TestContext;
let world: ResourceWorld;
let leadId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createWorld(ctx);
  const base = { assetId: world.assetA.id, companyId: world.company.id };
  const customer = await ctx.db.customer.create({
    data: { ...base, customerID: 'C-1', firstName: 'Ann', fullName: 'Ann', phoneNumber: '+971501234567' },
  });
  const listing = await ctx.db.listing.create({ data: { ...base, reference: 'MAR-1', city: 'Dubai', price: 1250000.75 } });
  const older = await ctx.db.lead.create({
    data: {
      ...base,
      leadID: 'L-1',
      customerId: customer.id,
      contactType: 'Buyer',
      source: 'Website',
      stage: 'New',
      dataSourceCreatedAt: new Date('2026-01-01T00:00:00Z'),
    },
  });
  const newer = await ctx.db.lead.create({
    data: {
      ...base,
      leadID: 'L-2',
      customerId: customer.id,
      contactType: 'Tenant',
      source: 'Bayut',
      stage: 'Qualified',
      listingId: listing.id,
      dataSourceCreatedAt: new Date('2026-02-01T00:00:00Z'),
    },
  });
  leadId = newer.id;
  expect(older.id).not.toBe(newer.id);
});
afterAll(async () => ctx.close());

describe('properties', () => {
  it('creates and searches listings (decimal prices as numbers)', async () => {
    const api = restAs(ctx, world.admin);
    const res = await api.post('properties/listings', {
      reference: 'JVC-7',
      city: 'Dubai',
      location: 'JVC',
      price: 99.5,
      bedrooms: 2,
      leadType: 'Rent',
      amenities: ['Balcony'],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ reference: 'JVC-7', price: 99.5, leadType: 'Rent' });
    expect((await api.post('properties/listings', { reference: 'X', leadType: 'Lease' })).statusCode).toBe(400);
    const found = await api.get('properties/listings/search', { limit: 100, select: ['reference'] }, { keyword: 'jvc' });
    expect(found.json().data).toEqual([{ _id: res.json().data._id, reference: 'JVC-7' }]);
    expect((await api.get('properties/listings/distinct/city')).json()).toEqual({ data: ['Dubai'] });
  });

  it('lists projects with their developer for the lead form', async () => {
    const api = restAs(ctx, world.admin);
    const dev = (await api.post('properties/developers', { name: 'Emaar' })).json().data as { _id: string };
    const project = await api.post('properties/projects', {
      name: 'Creek',
      slug: 'creek',
      developer: dev._id,
      campaignName: 'Spring',
      bedrooms: [1, 2],
    });
    expect(project.statusCode, project.body).toBe(201);
    const reader = restAs(ctx, await world.user([P.LEAD_ADD]));
    const list = await reader.get('properties/projects', {
      limit: -1,
      select: ['name', 'campaignName'],
      populate: [{ path: 'developer', select: ['name'] }],
    });
    expect(list.json().data).toEqual([
      { _id: project.json().data._id, name: 'Creek', campaignName: 'Spring', developer: { _id: dev._id, name: 'Emaar' } },
    ]);
  });

  it('serves leads read-only: newest first, populated, distinct, no writes', async () => {
    const reporter = restAs(ctx, await world.user([P.LEADS_REPORT_VIEW]));
    const list = await reporter.get('properties/leads', {
      select: ['leadID', 'stage'],
      populate: [
        { path: 'customer', select: ['fullName', 'phoneNumber'] },
        { path: 'listing', select: ['reference'] },
      ],
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((l: { leadID: string }) => l.leadID)).toEqual(['L-2', 'L-1']);
    expect(list.json().data[0]).toMatchObject({ customer: { fullName: 'Ann' }, listing: { reference: 'MAR-1' } });
    expect(list.json().data[0].customer).not.toHaveProperty('phoneNumber');
    expect((await reporter.get('properties/leads/distinct/contactType')).json()).toEqual({ data: ['Buyer', 'Tenant'] });
    expect((await reporter.get(`properties/leads/${leadId}`)).json().data).toMatchObject({ leadID: 'L-2', listing: expect.any(String) });
    expect((await reporter.post('properties/leads', { leadID: 'x' })).statusCode).toBe(404);
    expect((await reporter.delete(`properties/leads/${leadId}`)).statusCode).toBe(404);
    const csv = await reporter.get('properties/leads/export');
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n')).toHaveLength(4);

    const sensitive = restAs(ctx, world.admin);
    const full = await sensitive.get('properties/leads', {
      query: { leadID: 'L-2' },
      populate: [{ path: 'customer', select: ['phoneNumber'] }],
    });
    expect(full.json().data[0].customer).toEqual({ _id: expect.any(String), phoneNumber: '+971501234567' });
  });
});
