import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createLeadWorld, leadPayload, movingClock, type LeadWorld } from '../leads/testing.js';

// A lead's custom field values go through the one lead writer: checked on create (lead intake), on the form's
// update and on PATCH properties/leads/custom-fields/{id}.

const clock = movingClock(new Date('2026-11-22T08:00:00.000Z'));
const CF = MESSAGES.customField;
let ctx: TestContext;
let world: LeadWorld;
let manager: { authorization: string };

const inject = (method: 'POST' | 'PATCH', url: string, payload: unknown) =>
  ctx.app.inject({ method, url: `/api/properties/${url}`, headers: manager, payload: payload as Record<string, unknown> });

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  world = await createLeadWorld(ctx);
  manager = await world.manager.headers();
  const base = { companyId: world.company.id, assetId: world.asset.id };
  await ctx.db.customFieldDefinition.createMany({
    data: [
      {
        ...base,
        kind: 'lead',
        key: 'budget_source',
        label: 'Budget Source',
        type: 'select',
        options: ['Cash', 'Mortgage'],
        required: true,
      },
      { ...base, kind: 'lead', key: 'moving_on', label: 'Moving On', type: 'date', order: 1 },
    ],
  });
});
afterAll(async () => ctx.close());

describe("a lead's custom field values", () => {
  it('are checked on create, on update and by PATCH custom-fields/{id}', async () => {
    const customer = await world.customer();
    const missing = await inject('POST', 'leads/create', leadPayload(world, customer.id));
    expect(missing.json()).toMatchObject({ statusCode: 400, data: { 'customFields.budget_source': ['Budget Source is required.'] } });
    const wrong = await inject(
      'POST',
      'leads/create',
      leadPayload(world, customer.id, { customFields: { budget_source: 'Gold', pets: true } }),
    );
    expect(wrong.json().data).toEqual({
      'customFields.budget_source': [CF.option('Budget Source', ['Cash', 'Mortgage'])],
      'customFields.pets': [CF.unknown('pets')],
    });

    const created = await inject('POST', 'leads/create', leadPayload(world, customer.id, { customFields: { budget_source: 'Cash' } }));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data._id as string;
    expect((await ctx.db.lead.findUniqueOrThrow({ where: { id } })).customFields).toEqual({ budget_source: 'Cash' });

    const { stage: _s, status: _t, ...form } = leadPayload(world, customer.id, { customFields: { moving_on: '2027-02-01' } });
    const updated = await inject('PATCH', `leads/cms/${id}`, form);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data.customFields).toEqual({ budget_source: 'Cash', moving_on: '2027-02-01' });

    const set = await inject('PATCH', `leads/custom-fields/${id}`, { customFields: { budget_source: 'Mortgage', moving_on: null } });
    expect(set.json()).toEqual({ data: { _id: id, customFields: { budget_source: 'Mortgage' } } });
    const refused = await inject('PATCH', `leads/custom-fields/${id}`, { customFields: { moving_on: 'soon' } });
    expect(refused.json()).toMatchObject({ statusCode: 400, data: { 'customFields.moving_on': [CF.date('Moving On')] } });
    expect((await ctx.db.lead.findUniqueOrThrow({ where: { id } })).customFields).toEqual({ budget_source: 'Mortgage' });

    // The list filters by them like any field.
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/properties/leads?filter=${encodeURIComponent(JSON.stringify({ query: { 'customFields.budget_source': 'Mortgage' }, select: ['leadID'] }))}`,
      headers: manager,
    });
    expect(list.json().data.map((l: { _id: string }) => l._id)).toEqual([id]);
  });
});
