import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMENITIES, MESSAGES, UNIT_TYPES } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createAsset, createRole, createUser, loginAs } from '../../../test/factories.js';
import { AGENT_PERMISSIONS, createCustomer, createLeadWorld, leadPayload, movingClock, type LeadWorld } from './lead-test-kit.js';

// POST /api/properties/leads/create against real PostgreSQL and Redis: routing, SLA, leadID, history,
// validation envelope, permissions and tenancy.

const START = new Date('2026-11-22T08:00:00.000Z');
const clock = movingClock(START);
let ctx: TestContext;
let world: LeadWorld;
let manager: { authorization: string };

const create = (headers: { authorization: string }, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/properties/leads/create', headers, payload: payload as Record<string, unknown> });

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  world = await createLeadWorld(ctx);
  manager = await world.manager.headers();
});
afterAll(async () => ctx.close());

describe('POST create', () => {
  it('answers 201 with the lead: leadID, listing agent, automatic SLA, history rows', async () => {
    const customer = await world.customer();
    const res = await create(manager, leadPayload(world, customer.id));
    expect(res.statusCode).toBe(201);
    const lead = res.json().data;
    expect(lead).toMatchObject({
      leadID: 'L-000001',
      agent: { _id: world.listing.agentId, name: 'Agent Ann' },
      customer: { _id: customer.id },
      listing: { _id: world.listing.id },
      listings: [{ _id: world.listing.id }],
      stage: 'New',
      status: 'Open',
      initialSlaEndDate: '2026-11-22T08:30:00.000Z',
      freePoolSlaEndDate: '2026-11-22T10:30:00.000Z',
      slaStage: 'Initial',
      isInFreePool: false,
      creatorName: 'Manager Mia',
      limitsWarning: null,
    });
    const rows = await ctx.db.lead.findUniqueOrThrow({ where: { id: lead._id }, include: { assignments: true, stageHistory: true } });
    expect(rows.assignments).toMatchObject([{ agentId: world.listing.agentId, reason: 'auto', assignedAt: START }]);
    expect(rows.stageHistory).toMatchObject([{ stage: 'New', status: 'Open', changedAt: START, changedById: expect.any(String) }]);
    expect((await ctx.db.asset.findUniqueOrThrow({ where: { id: world.asset.id } })).leadSequence).toBe(1);
  });

  it('numbers leads per asset: the next one is L-000002, another asset starts at L-000001', async () => {
    const res = await create(manager, leadPayload(world, (await world.customer()).id));
    expect(res.json().data.leadID).toBe('L-000002');
    const other = await createLeadWorld(ctx, { assetName: 'Other Asset' });
    const otherRes = await create(await other.manager.headers(), leadPayload(other, (await other.customer()).id));
    expect(otherRes.statusCode).toBe(201);
    expect(otherRes.json().data.leadID).toBe('L-000001');
  });

  it('saves a second lead of the same customer as a child: parent’s agent, no SLA, never pooled', async () => {
    const customer = await world.customer();
    const parent = (await create(manager, leadPayload(world, customer.id))).json().data;
    const res = await create(
      manager,
      leadPayload(world, customer.id, {
        type: 'offplan',
        listing: null,
        campaignName: world.project.id,
        unitType: 'Apartment',
        sendToPool: true,
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      parentId: parent._id,
      agent: { _id: parent.agent._id },
      initialSlaEndDate: null,
      freePoolSlaEndDate: null,
      isInFreePool: false,
      sendToPool: false,
      slaStage: '-',
    });
    const assignment = await ctx.db.leadAssignment.findFirstOrThrow({ where: { leadId: res.json().data._id } });
    expect(assignment.reason).toBe('parent');
    const children = await ctx.db.lead.findUniqueOrThrow({ where: { id: parent._id }, include: { childLeads: true } });
    expect(children.childLeads.map((c) => c.id)).toEqual([res.json().data._id]);
  });

  it('gives spam and external-agent customers no pool SLA', async () => {
    for (const type of ['Spam', 'External Agent']) {
      const res = await create(manager, leadPayload(world, (await world.customer(type)).id));
      expect(res.json().data).toMatchObject({ initialSlaEndDate: null, freePoolSlaEndDate: null, slaStage: '-' });
    }
  });

  it('manual assignment takes the given agent (an enabled member) and gets no SLA', async () => {
    const res = await create(
      manager,
      leadPayload(world, (await world.customer()).id, { isManualAssignment: true, agent: world.agents[2].member.id }),
    );
    expect(res.json().data).toMatchObject({ agent: { _id: world.agents[2].member.id }, initialSlaEndDate: null, isManualAssignment: true });
    const disabled = await create(
      manager,
      leadPayload(world, (await world.customer()).id, { isManualAssignment: true, agent: world.disabledAgent.id }),
    );
    expect(disabled.statusCode).toBe(400);
    expect(disabled.json().data).toEqual({ agent: ['Agent is invalid.'] });
  });

  it('sendToPool puts the lead straight into the pool (initial end = now)', async () => {
    const res = await create(
      manager,
      leadPayload(world, (await world.customer()).id, { isManualAssignment: true, agent: world.agents[1].member.id, sendToPool: true }),
    );
    expect(res.json().data).toMatchObject({
      isInFreePool: true,
      initialSlaEndDate: START.toISOString(),
      freePoolSlaEndDate: '2026-11-22T10:00:00.000Z',
    });
  });

  it('manual SLA dates need LEAD_UPDATE_SLA and pass the domain’s rules', async () => {
    const dates = {
      setAutoSLADetails: false,
      initialSlaEndDate: '2026-11-23T08:00:00.000Z',
      freePoolSlaEndDate: '2026-11-23T12:00:00.000Z',
    };
    const ok = await create(manager, leadPayload(world, (await world.customer()).id, dates));
    expect(ok.json().data).toMatchObject({
      initialSlaEndDate: dates.initialSlaEndDate,
      freePoolSlaEndDate: dates.freePoolSlaEndDate,
      setAutoSLADetails: false,
    });

    const agent = await world.agents[0].headers();
    const denied = await create(agent, leadPayload(world, (await world.customer()).id, dates));
    expect(denied.statusCode).toBe(403);

    const same = await create(
      manager,
      leadPayload(world, (await world.customer()).id, { ...dates, freePoolSlaEndDate: dates.initialSlaEndDate }),
    );
    expect(same.statusCode).toBe(400);
    expect(same.json().data.initialSlaEndDate).toEqual([MESSAGES.lead.slaDatesSame]);
  });

  it('warns when the agent is over the daily quota but still assigns', async () => {
    await ctx.db.asset.update({ where: { id: world.asset.id }, data: { dailyLeadQuota: 1 } });
    try {
      const res = await create(manager, leadPayload(world, (await world.customer()).id));
      expect(res.statusCode).toBe(201);
      expect(res.json().data.agent._id).toBe(world.listing.agentId);
      expect(res.json().data.limitsWarning).toBe('Agent Ann has reached the daily lead quota of 1.');
    } finally {
      await ctx.db.asset.update({ where: { id: world.asset.id }, data: { dailyLeadQuota: 0 } });
    }
  });

  it('saves the automatic SLA, not manual dates, while the agent is over the daily quota', async () => {
    const dates = {
      setAutoSLADetails: false,
      initialSlaEndDate: '2026-11-23T08:00:00.000Z',
      freePoolSlaEndDate: '2026-11-23T12:00:00.000Z',
    };
    const agent = world.agents[2].member.id;
    await ctx.db.asset.update({ where: { id: world.asset.id }, data: { dailyLeadQuota: 1 } });
    try {
      // The agent's lead of today (the quota is reached once they have one).
      expect((await create(manager, leadPayload(world, (await world.customer()).id, { isManualAssignment: true, agent }))).statusCode).toBe(
        201,
      );

      const over = await create(manager, leadPayload(world, (await world.customer()).id, { ...dates, isManualAssignment: true, agent }));
      expect(over.statusCode).toBe(201);
      const lead = over.json().data;
      expect(lead.limitsWarning).toMatch(/has reached the daily lead quota of 1/);
      // A manual assignment without manual dates has no SLA (docs/leads.md 'SLA'): the dates given were not applied.
      expect(lead).toMatchObject({ agent: { _id: agent }, initialSlaEndDate: null, freePoolSlaEndDate: null, setAutoSLADetails: true });
      const stored = await ctx.db.lead.findUniqueOrThrow({ where: { id: lead._id } });
      expect(stored).toMatchObject({ initialSlaEndDate: null, freePoolSlaEndDate: null, setAutoSLADetails: true });
    } finally {
      await ctx.db.asset.update({ where: { id: world.asset.id }, data: { dailyLeadQuota: 0 } });
    }
  });

  it('answers 400 naming the agent when nobody is eligible automatically', async () => {
    const lonely = await createLeadWorld(ctx, { assetName: 'Lonely Asset' });
    await ctx.db.teamMember.updateMany({ where: { assetId: lonely.asset.id }, data: { isLeadProcessEnabled: false } });
    const res = await create(
      await lonely.manager.headers(),
      leadPayload(lonely, (await lonely.customer()).id, { listing: lonely.listingWithoutAgent.id }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', data: { agent: [MESSAGES.lead.agentNotFound] } });
  });
});

describe('POST create: input and access', () => {
  it('puts the domain’s messages in the validation envelope (missing customer, ranges)', async () => {
    const { customer: _c, ...payload } = leadPayload(world, 'x');
    const res = await create(manager, { ...payload, minBedrooms: 3, maxBedrooms: 1 });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    expect(body.data.customer).toEqual(['Customer is required.']);
    expect(body.data.minBedroom).toEqual(['Min bedrooms cannot be greater than Max bedrooms.']);
  });

  it('rejects unknown fields instead of storing them', async () => {
    const res = await create(manager, { ...leadPayload(world, (await world.customer()).id), leadID: 'L-999999' });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.leadID).toEqual(["Unknown field 'leadID'."]);
  });

  it('refuses a caller without LEAD_ADD (403) and without a token (401)', async () => {
    const outsider = await loginAs(ctx, world.outsiderEmail);
    expect((await create(outsider, leadPayload(world, (await world.customer()).id))).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/properties/leads/create', payload: {} })).statusCode).toBe(401);
  });

  it('keeps tenancy: another asset’s customer or listing is invalid, another asset in the body is 403', async () => {
    const other = await createLeadWorld(ctx, { assetName: 'Foreign Asset' });
    const foreignCustomer = await other.customer();
    const res = await create(manager, leadPayload(world, foreignCustomer.id));
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual({ customer: ['Customer is invalid.'] });
    const listing = await create(manager, leadPayload(world, (await world.customer()).id, { listing: other.listing.id }));
    expect(listing.json().data).toEqual({ listing: ['Listing is invalid.'] });
    const asset = await create(manager, leadPayload(world, (await world.customer()).id, { asset: other.asset.id }));
    expect(asset.statusCode).toBe(403);
  });

  it('lets a user of two assets create in the second one by naming it', async () => {
    const second = await createAsset(ctx, { company: world.company, name: 'Second Asset' });
    const member = await ctx.db.teamMember.create({
      data: { companyId: world.company.id, assetId: second.id, name: 'Second Sam', enabled: true, isLeadProcessEnabled: true },
    });
    const listing = await ctx.db.listing.create({
      data: { companyId: world.company.id, assetId: second.id, reference: 'SEC-1', agentId: member.id },
    });
    const customer = await createCustomer(ctx, second);
    const role = await createRole(ctx, AGENT_PERMISSIONS, { company: world.company });
    const both = await createUser(ctx, { role, assets: [world.asset, second] });
    const headers = await loginAs(ctx, both.email);
    const res = await create(headers, leadPayload(world, customer.id, { asset: second.id, listing: listing.id, referredBy: member.id }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ asset: second.id, leadID: 'L-000001', agent: { _id: member.id } });
  });
  it('stores the form as given: lists, numbers, prices, text with quotes, dates in UTC', async () => {
    const customer = await world.customer();
    const res = await create(
      manager,
      leadPayload(world, customer.id, {
        amenities: [AMENITIES[0], AMENITIES[1]],
        unitType: UNIT_TYPES[0],
        minBedrooms: 1,
        maxBedrooms: 3,
        minPrice: 1_250_000.5,
        maxPrice: 2_000_000,
        city: 'Dubai',
        location: 'Dubai Marina',
        remarks: 'Wants a "sea view", 2+ parking; café nearby',
      }),
    );
    expect(res.statusCode).toBe(201);
    const row = await ctx.db.lead.findUniqueOrThrow({ where: { id: res.json().data._id } });
    expect(row).toMatchObject({
      amenities: [AMENITIES[0], AMENITIES[1]],
      unitType: UNIT_TYPES[0],
      minBedrooms: 1,
      maxBedrooms: 3,
      city: 'Dubai',
      location: 'Dubai Marina',
      locations: ['Dubai Marina'],
      remarks: 'Wants a "sea view", 2+ parking; café nearby',
      referredById: world.agents[0].member.id,
      inputSource: 'CRM',
      dataSourceCreatedAt: START,
      createdAt: START,
      updatedAt: START,
      agentAssignedAt: START,
      isAccepted: false,
      isContacted: false,
    });
    expect(Number(row.minPrice)).toBe(1_250_000.5);
    expect(Number(row.maxPrice)).toBe(2_000_000);
  });
});
