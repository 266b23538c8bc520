import { type ContactMethod, PERMISSIONS as P, type PortalLeads, portalLeadsColumns, portalLeadsFigureLink } from '@crm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createUser, loginAs } from '../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createDealWorld, type DealWorld } from '../deals/testing.js';
import { leadPayload } from '../leads/testing.js';

// The Portal Leads report over real PostgreSQL: enquiries by portal, listing and channel; the same customer's
// enquiries of a day folded into one person; the first response from the portal's receipt to the first touch by a
// person (a system's activity not counted); pool claims, viewings and deals; and every count equal to the leads its
// link opens in the Leads report.

let ctx: TestContext;
let world: DealWorld;
let report: PortalLeads;
const MIN = 60_000;

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createDealWorld(ctx);
});
afterAll(async () => ctx?.close());

const get = (url: string, headers = world.admin) => ctx.app.inject({ method: 'GET', url: `/api/${url}`, headers });
const range = () => ({ from: new Date(Date.now() - 60 * MIN).toISOString(), to: new Date(Date.now() + 60 * MIN).toISOString() });

async function newLead(customerId: string, source: string, contactMethod: ContactMethod): Promise<{ id: string; createdAt: Date }> {
  const res = await world.rest(
    'POST',
    'properties/leads/create',
    leadPayload(world, customerId, { source, contactMethod, isManualAssignment: true }),
  );
  expect(res.statusCode, res.body).toBe(201);
  const id: string = res.json().data._id;
  const row = await ctx.db.lead.findUniqueOrThrow({ where: { id }, select: { dataSourceCreatedAt: true } });
  return { id, createdAt: row.dataSourceCreatedAt };
}

/** A call, email or WhatsApp logged done at `at` (by the admin, or by no one: the system). */
async function touch(leadId: string, at: Date, by: 'person' | 'system', type = 'call') {
  await ctx.db.activity.create({
    data: {
      companyId: world.company.id,
      assetId: world.asset.id,
      leadId,
      type,
      subject: `${type} ${by}`,
      doneAt: at,
      creatorId: by === 'person' ? (world.manager.member.userId ?? null) : null,
    },
  });
}

describe('the Portal Leads report', () => {
  beforeAll(async () => {
    const alice = await world.customer();
    const bruno = await world.customer();
    const chloe = await world.customer();
    // Property Finder: Alice twice the same day (one person), received 5 minutes before our intake, called 10 minutes
    // after it (a system's call a minute in does not count); her second enquiry answered on WhatsApp after 30 minutes.
    const first = await newLead(alice.id, 'Property Finder', 'Phone');
    await ctx.db.lead.update({ where: { id: first.id }, data: { sourceReceivedAt: new Date(first.createdAt.getTime() - 5 * MIN) } });
    await touch(first.id, new Date(first.createdAt.getTime() + MIN), 'system');
    await touch(first.id, new Date(first.createdAt.getTime() + 10 * MIN), 'person');
    const second = await newLead(alice.id, 'Property Finder', 'WhatsApp');
    const conversation = await ctx.db.conversation.create({
      data: {
        companyId: world.company.id,
        assetId: world.asset.id,
        leadId: second.id,
        customerId: alice.id,
        channel: 'whatsapp',
        externalId: `9715${Date.now()}`,
      },
    });
    const message = { assetId: world.asset.id, conversationId: conversation.id, direction: 'out', status: 'sent' };
    // A trigger's automatic answer (no person) first, then the agent's.
    await ctx.db.message.create({
      data: {
        ...message,
        externalId: `wamid.sys.${second.id}`,
        trigger: 'lead.created',
        sentAt: new Date(second.createdAt.getTime() + 5_000),
      },
    });
    await ctx.db.message.create({
      data: {
        ...message,
        externalId: `wamid.agent.${second.id}`,
        sentById: world.manager.member.userId,
        sentAt: new Date(second.createdAt.getTime() + 30 * MIN),
      },
    });
    // Bruno: never answered, claimed from the pool, viewed.
    const third = await newLead(bruno.id, 'Property Finder', 'Phone');
    await ctx.db.lead.update({ where: { id: third.id }, data: { isClaimedFromPool: true } });
    expect((await world.rest('POST', 'viewings', { lead: third.id, startsAt: new Date().toISOString() })).statusCode).toBe(201);
    // Bayut: Chloe by email, called after an hour, with a deal.
    const fourth = await newLead(chloe.id, 'Bayut', 'Email');
    await touch(fourth.id, new Date(fourth.createdAt.getTime() + 60 * MIN), 'person');
    expect((await world.rest('POST', 'deals', { lead: fourth.id })).statusCode).toBe(201);

    const res = await get(`reports/portal-leads?${new URLSearchParams({ by: 'portal', ...range() })}`);
    expect(res.statusCode, res.body).toBe(200);
    report = res.json().data;
  });

  it('counts enquiries and people by portal, with the first response by a person and what followed', () => {
    const pf = report.rows.find((row) => row.key === 'Property Finder');
    expect(pf).toMatchObject({
      enquiries: 3,
      people: 2,
      responded: 2,
      // 15 and 30 minutes: the median between them, the p90 near the slower.
      firstResponseMedianSeconds: 1350,
      firstResponseP90Seconds: 1710,
      claimedFromPool: 1,
      viewings: 1,
      deals: 0,
    });
    expect(report.rows.find((row) => row.key === 'Bayut')).toMatchObject({
      enquiries: 1,
      people: 1,
      responded: 1,
      firstResponseMedianSeconds: 3600,
      firstResponseP90Seconds: 3600,
      deals: 1,
    });
    expect(report.total).toMatchObject({
      label: 'Total',
      enquiries: 4,
      people: 3,
      responded: 3,
      claimedFromPool: 1,
      viewings: 1,
      deals: 1,
    });
  });

  it('opens, for every count, exactly the leads it counts in the Leads report', async () => {
    const figures = ['enquiries', 'responded', 'claimedFromPool', 'viewings', 'deals'] as const;
    for (const row of [...report.rows, null]) {
      for (const figure of figures) {
        const link = new URL(portalLeadsFigureLink(report, row, figure), 'http://app');
        const filter = JSON.parse(link.searchParams.get('homeFigure') ?? '{}');
        const res = await get(`properties/leads/count?filter=${encodeURIComponent(JSON.stringify({ query: { homeFigure: filter } }))}`);
        expect(res.statusCode, res.body).toBe(200);
        const expected = (row ?? report.total)[figure];
        expect(res.json().data.count, `${row?.label ?? 'Total'} ${figure}`).toBe(expected);
      }
    }
  });

  it('groups by channel and by listing', async () => {
    const channels = (await get(`reports/portal-leads?${new URLSearchParams({ by: 'channel', ...range() })}`)).json().data as PortalLeads;
    expect(Object.fromEntries(channels.rows.map((row) => [row.key, row.enquiries]))).toEqual({ Phone: 2, WhatsApp: 1, Email: 1 });
    const listings = (await get(`reports/portal-leads?${new URLSearchParams({ by: 'listing', ...range() })}`)).json().data as PortalLeads;
    expect(listings.rows).toEqual([expect.objectContaining({ key: world.listing.id, enquiries: 4, people: 3 })]);
    const listing = await ctx.db.listing.findUniqueOrThrow({ where: { id: world.listing.id }, select: { reference: true, title: true } });
    expect(listings.rows[0]?.label).toBe(listing.title ? `${listing.reference} · ${listing.title}` : listing.reference);
  });

  it('exports the rows and the total as the screen shows them, and answers 404 for an empty period', async () => {
    const csv = await get(`reports/portal-leads/export?${new URLSearchParams({ format: 'csv', by: 'portal', ...range() })}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      portalLeadsColumns('portal')
        .map((column) => column.title)
        .join(','),
    );
    expect(lines.find((line) => line.startsWith('Property Finder,'))).toMatch(/^Property Finder,3,2,/);
    expect(lines.at(-1)).toMatch(/^Total,4,3,/);
    const xlsx = await get(`reports/portal-leads/export?${new URLSearchParams({ format: 'xlsx', by: 'channel', ...range() })}`);
    expect(xlsx.statusCode).toBe(200);
    const empty = await get(
      `reports/portal-leads/export?${new URLSearchParams({ format: 'csv', by: 'portal', from: '2001-01-01T00:00:00Z', to: '2001-01-02T00:00:00Z' })}`,
    );
    expect(empty.statusCode).toBe(404);
    expect(empty.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses a caller without the report and a bad range, in the envelope', async () => {
    const role = await createRole(ctx, [P.LEADS_REPORT_VIEW], { company: world.company });
    const agent = await loginAs(ctx, (await createUser(ctx, { role, assets: [world.asset] })).email);
    const forbidden = await get(`reports/portal-leads?${new URLSearchParams({ by: 'portal', ...range() })}`, agent);
    expect(forbidden.statusCode).toBe(403);
    for (const query of [{ by: 'portal' }, { by: 'month', ...range() }, { by: 'portal', from: '0000-01-01T00:00:00Z', to: range().to }]) {
      const bad = await get(`reports/portal-leads?${new URLSearchParams(query)}`);
      expect(bad.statusCode, bad.body).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });
});
