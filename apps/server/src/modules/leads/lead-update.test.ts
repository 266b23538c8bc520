import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadContract, MESSAGES } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { loginAs } from '../../../test/factories.js';
import { createLeadWorld, leadPayload, movingClock, type LeadWorld } from './lead-test-kit.js';

// PATCH cms/{id}, PATCH stage/{id} and the read of one lead: locked fields, child leads, tenancy, history.

const clock = movingClock(new Date('2026-11-22T08:00:00.000Z'));
let ctx: TestContext;
let world: LeadWorld;
let manager: { authorization: string };

const create = async (overrides: Record<string, unknown> = {}, customerId?: string) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/properties/leads/create',
    headers: manager,
    payload: leadPayload(world, customerId ?? (await world.customer()).id, overrides),
  });
  expect(res.statusCode).toBe(201);
  return res.json().data as { _id: string; customer: { _id: string }; agent: { _id: string }; leadID: string };
};
const update = (id: string, payload: unknown, headers = manager) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/properties/leads/cms/${id}`, headers, payload: payload as Record<string, unknown> });

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  world = await createLeadWorld(ctx);
  manager = await world.manager.headers();
});
afterAll(async () => ctx.close());

describe('PATCH cms/{id}', () => {
  it('updates the form fields and never the stage or status', async () => {
    const lead = await create();
    await ctx.db.lead.update({ where: { id: lead._id }, data: { stage: 'Qualified' } });
    const {
      stage: _s,
      status: _t,
      ...payload
    } = leadPayload(world, lead.customer._id, { remarks: 'Call after 6pm', rating: 'Hot', minBedrooms: 2, maxBedrooms: 3 });
    const res = await update(lead._id, payload);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      remarks: 'Call after 6pm',
      rating: 'Hot',
      minBedrooms: 2,
      maxBedrooms: 3,
      stage: 'Qualified',
      status: 'Open',
      updatedByName: 'Manager Mia',
    });
    const withStage = await update(lead._id, { ...payload, stage: 'Deal' });
    expect(withStage.statusCode).toBe(400);
    expect(withStage.json().data.stage).toEqual(["Unknown field 'stage'."]);
  });

  it('refuses to change listing, project, customer, source, enquiry or contact method once set', async () => {
    const lead = await create();
    const other = await world.customer();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ listing: world.listingWithoutAgent.id }, 'listing', 'Listing cannot be changed once set.'],
      [{ customer: other.id }, 'customer', 'Customer cannot be changed once set.'],
      [{ source: 'Bayut' }, 'source', 'Source cannot be changed once set.'],
      [{ enquiryMethod: 'Email' }, 'enquiryMethod', 'Enquiry Method cannot be changed once set.'],
      [{ contactMethod: 'WhatsApp' }, 'contactMethod', 'Contact Method cannot be changed once set.'],
    ];
    for (const [change, field, message] of cases) {
      const res = await update(lead._id, leadPayload(world, lead.customer._id, { ...change, stage: undefined, status: undefined }));
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message, data: { [field]: [message] } });
    }
    // An empty locked field may still be set: the project of a listing lead.
    const setProject = await update(lead._id, leadPayload(world, lead.customer._id, { campaignName: world.project.id }));
    expect(setProject.statusCode).toBe(200);
    expect(setProject.json().data.project._id).toBe(world.project.id);
  });

  it("refuses a child lead: 'Cannot update a child lead.'", async () => {
    const customer = await world.customer();
    await create({}, customer.id);
    const child = await create({}, customer.id);
    const res = await update(child._id, leadPayload(world, customer.id));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: MESSAGES.lead.childUpdate });
  });

  it("answers 404 'Lead does not exists' for a missing lead, a malformed id and another asset's lead", async () => {
    const lead = await create();
    const payload = leadPayload(world, lead.customer._id);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await update(id, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Lead does not exists');
    }
    const other = await createLeadWorld(ctx, { assetName: 'Other' });
    const otherHeaders = await other.manager.headers();
    const foreign = await update(lead._id, leadPayload(other, (await other.customer()).id), otherHeaders);
    expect(foreign.statusCode).toBe(404);
    const read = await ctx.app.inject({ method: 'GET', url: `/api/properties/leads/${lead._id}`, headers: otherHeaders });
    expect(read.statusCode).toBe(404);
    const stage = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/properties/leads/stage/${lead._id}`,
      headers: otherHeaders,
      payload: { stage: 'Qualified', status: 'Open' },
    });
    expect(stage.statusCode).toBe(404);
  });

  it('a new agent is a manual reassignment: history row, clock stopped', async () => {
    const lead = await create();
    const res = await update(lead._id, leadPayload(world, lead.customer._id, { agent: world.agents[2].member.id }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      agent: { _id: world.agents[2].member.id },
      initialSlaEndDate: null,
      freePoolSlaEndDate: null,
      isManualAssignment: true,
    });
    const history = await ctx.db.leadAssignment.findMany({ where: { leadId: lead._id }, orderBy: { assignedAt: 'asc' } });
    expect(history.map((h) => h.reason)).toEqual(['auto', 'manual']);
  });

  it('refuses a caller without LEAD_UPDATE', async () => {
    const lead = await create();
    const outsider = await loginAs(ctx, world.outsiderEmail);
    expect((await update(lead._id, leadPayload(world, lead.customer._id), outsider)).statusCode).toBe(403);
  });
});

describe('PATCH stage/{id} and GET {id}', () => {
  it('changes stage and status, appends stageHistory and records time to qualify / close', async () => {
    const lead = await create();
    clock.advanceMinutes(90);
    // Tokens follow the app clock: log in again after moving it.
    manager = await world.manager.headers();
    const qualified = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/properties/leads/stage/${lead._id}`,
      headers: manager,
      payload: { stage: 'Qualified', status: 'Open' },
    });
    expect(qualified.statusCode).toBe(200);
    expect(qualified.json().data).toMatchObject({ stage: 'Qualified', status: 'Open', timeToQualify: 90 });
    clock.advanceMinutes(30);
    manager = await world.manager.headers();
    const closed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/properties/leads/stage/${lead._id}`,
      headers: manager,
      payload: { stage: 'Deal', status: 'Closed' },
    });
    expect(closed.json().data).toMatchObject({ stage: 'Deal', status: 'Closed', timeToClose: 120 });
    const history = await ctx.db.leadStageChange.findMany({ where: { leadId: lead._id }, orderBy: { changedAt: 'asc' } });
    expect(history.map((h) => [h.stage, h.status])).toEqual([
      ['New', 'Open'],
      ['Qualified', 'Open'],
      ['Deal', 'Closed'],
    ]);
    const bad = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/properties/leads/stage/${lead._id}`,
      headers: manager,
      payload: { stage: 'Nope', status: 'Open' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.stage).toEqual(['Stage is invalid.']);
  });

  it('GET {id} answers the lead with its listing reference (generic read side, asset-scoped)', async () => {
    const lead = await create();
    const filter = JSON.stringify({ populate: [{ path: 'listing', select: ['reference'] }] });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/properties/leads/${lead._id}?filter=${encodeURIComponent(filter)}`,
      headers: manager,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: lead._id, leadID: lead.leadID, listing: { _id: world.listing.id } });
    expect(typeof res.json().data.listing.reference).toBe('string');
  });

  it('GET {id} populates `listings` with their reference, as the Update Lead page asks, scoped to the caller’s assets', async () => {
    const lead = await create();
    const filter = JSON.stringify({ populate: [{ path: 'listings', select: ['reference'] }] });
    const url = `/api/properties/leads/${lead._id}?filter=${encodeURIComponent(filter)}`;
    const res = await ctx.app.inject({ method: 'GET', url, headers: manager });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.listings).toEqual([{ _id: world.listing.id, reference: expect.any(String) }]);
    expect(leadContract.row.parse(res.json().data)).toMatchObject({ _id: lead._id });
    // Naming an asset that is not the caller's is refused before any read.
    const elsewhere = `${url}&asset=${world.company.id}`;
    expect((await ctx.app.inject({ method: 'GET', url: elsewhere, headers: manager })).statusCode).toBe(403);
  });
});
