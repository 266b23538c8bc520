import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS as P } from '@crm/domain';
import { GOYZER_FAKE_CREDENTIALS, startGoyzerFake, type GoyzerFake, type GoyzerFakeUnit } from '../../../../../test/fakes/goyzer.fake.js';
import { createRole, createUser, loginAs, uniqueSuffix } from '../../../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../../../test/test-app.js';
import { createLeadWorld, type LeadWorld } from '../../../leads/testing.js';

// Goyzer through the real provider queue against recorded XML: listings pulled page by page with their pictures copied
// into Storage, once however often they are pulled, then only the changed units; agents pulled as members; leads
// pushed as contacts (ContactInsert2); a Goyzer 5xx retried.

let ctx: TestContext;
let gz: GoyzerFake;
let world: LeadWorld;
let admin: { authorization: string };

const call = (method: 'GET' | 'PATCH', path: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/assets/${world.asset.id}/integrations/${path}`, headers: admin, ...(payload ? { payload } : {}) });

async function run(modules: string[]) {
  const started = await call('PATCH', 'synchronization/goyzer', { modules, runNow: true });
  expect(started.statusCode, started.body).toBe(202);
  const runId = started.json().data.run._id;
  const until = Date.now() + 20_000;
  for (;;) {
    const found = ((await call('GET', 'sync-status/goyzer')).json().data.runs as { _id: string; status: string }[]).find(
      (r) => r._id === runId,
    );
    if ((found && (found.status === 'completed' || found.status === 'failed')) || Date.now() > until)
      return found as Record<string, unknown>;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const unit = (id: string, overrides: Partial<GoyzerFakeUnit> = {}): GoyzerFakeUnit => ({
  UnitID: id,
  RefNo: `GZ-${id}`,
  MarketingTitle: `Marina apartment ${id}`,
  SellPrice: '1,850,000',
  Bedrooms: '2',
  NoOfBathrooms: '3',
  BuiltupArea: '1250',
  CityName: 'Dubai',
  Community: 'Dubai Marina',
  DistrictName: 'Marina',
  PropertyName: 'Marina Gate',
  PermitNumber: `71${id}`,
  SalesmanEmail: '',
  Remarks: 'Sea view & high floor',
  images: ['a.png', 'b.png'],
  ...overrides,
});

beforeAll(async () => {
  gz = await startGoyzerFake();
  ctx = await createTestApp({
    envOverrides: {
      RUN_WORKERS: 'true',
      JOBS_CLOSE_TIMEOUT_MS: '500',
      INTEGRATION_BASE_URL_GOYZER: gz.url,
      INTEGRATION_SYNC_BACKOFF_MS: '50',
    },
  });
  world = await createLeadWorld(ctx);
  const role = await createRole(ctx, [P.INTEGRATIONS_VIEW], { company: world.company });
  admin = await loginAs(ctx, (await createUser(ctx, { role, assets: [world.asset] })).email);
  const saved = await call('PATCH', 'goyzer', {
    enabled: true,
    config: { groupCode: GOYZER_FAKE_CREDENTIALS.groupCode },
    secrets: { accessCode: GOYZER_FAKE_CREDENTIALS.accessCode },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await ctx?.close();
  await gz?.close();
});

describe('Goyzer sync', () => {
  it('pulls sale and rent listings with their pictures into Storage, once however often it pulls', async () => {
    const agentEmail = world.agents[1].member.email ?? `bob-${uniqueSuffix()}@example.com`;
    await ctx.db.teamMember.update({ where: { id: world.agents[1].member.id }, data: { email: agentEmail } });
    gz.sales.push(unit('101', { SalesmanEmail: agentEmail }), unit('102'), unit('103'));
    gz.rentals.push(unit('201', { SellPrice: undefined, Rent: '120000', images: ['c.png'] }));
    const first = await run(['listings']);
    expect(first).toMatchObject({ status: 'completed', counts: { created: 4, updated: 0, skipped: 0 } });
    const listing = await ctx.db.listing.findFirstOrThrow({
      where: { assetId: world.asset.id, inputSource: 'goyzer', sourceDataId: '101' },
    });
    expect(listing).toMatchObject({
      reference: 'GZ-101',
      leadType: 'Sale',
      bedrooms: 2,
      bathrooms: 3,
      size: 1250,
      city: 'Dubai',
      community: 'Dubai Marina',
      permitNumber: '71101',
      agentId: world.agents[1].member.id,
      description: 'Sea view & high floor',
    });
    expect(Number(listing.price)).toBe(1_850_000);
    const images = listing.images as { file: string; url: string }[];
    expect(images).toHaveLength(2);
    const stored = await ctx.db.storedFile.findMany({ where: { id: { in: images.map((i) => i.file) } } });
    expect(stored.map((f) => f.mimeType)).toEqual(['image/png', 'image/png']);
    const rent = await ctx.db.listing.findFirstOrThrow({ where: { assetId: world.asset.id, inputSource: 'goyzer', sourceDataId: '201' } });
    expect(rent).toMatchObject({ leadType: 'Rent' });
    expect(Number(rent.price)).toBe(120_000);
    expect(gz.requests.filter((r) => r.path === '/Company.asmx/SalesListings').length).toBe(3);

    // Later runs read only the changed units (deltas): one changed price, nothing duplicated, no picture copied again.
    gz.updated.push(unit('102', { SellPrice: '1,700,000' }));
    const second = await run(['listings']);
    expect(second).toMatchObject({ status: 'completed', counts: { created: 0, updated: 1, skipped: 0 } });
    expect(gz.requests.some((r) => r.path === '/Company.asmx/GetUpdatedUnitsForSales')).toBe(true);
    expect(await ctx.db.listing.count({ where: { assetId: world.asset.id, inputSource: 'goyzer' } })).toBe(4);
    const changed = await ctx.db.listing.findFirstOrThrow({
      where: { assetId: world.asset.id, inputSource: 'goyzer', sourceDataId: '102' },
    });
    expect(Number(changed.price)).toBe(1_700_000);
    expect(await ctx.db.storedFile.count({ where: { assetId: world.asset.id, category: 'listings' } })).toBe(7);
    expect(await ctx.db.activityLog.count({ where: { subjectType: 'listings', subjectId: changed.id } })).toBe(2);
  });

  it('pulls agents as members (disabled until switched on), and links an agent to the member with the same email', async () => {
    const ann = world.agents[0].member;
    await ctx.db.teamMember.update({ where: { id: ann.id }, data: { email: 'ann@example.com' } });
    gz.agents.push(
      {
        AgentID: 'A-1',
        AgentName: 'Ann Agent',
        Email: 'ANN@example.com',
        Mobile: '+971501112233',
        Designation: 'Senior Broker',
        OfficeID: 'OFF-1',
        OfficeName: 'Marina',
      },
      {
        AgentID: 'A-2',
        AgentName: 'Dana Diaz',
        Email: 'dana@example.com',
        Mobile: '+971504445566',
        Designation: 'Broker',
        OfficeID: 'OFF-2',
        OfficeName: 'Downtown',
      },
    );
    expect(await run(['members'])).toMatchObject({ status: 'completed', counts: { created: 1, updated: 1, skipped: 0 } });
    expect(await ctx.db.teamMember.findUniqueOrThrow({ where: { id: ann.id } })).toMatchObject({
      inputSource: 'goyzer',
      sourceDataId: 'A-1',
      designation: 'Senior Broker',
    });
    expect(await ctx.db.teamMember.findFirstOrThrow({ where: { assetId: world.asset.id, sourceDataId: 'A-2' } })).toMatchObject({
      name: 'Dana Diaz',
      enabled: false,
      officeName: 'Downtown',
    });
    expect(await run(['members'])).toMatchObject({ counts: { created: 0, updated: 0, skipped: 2 } });
  });

  it('pushes leads as Goyzer contacts, retrying a Goyzer 5xx, and sends an unchanged lead once', async () => {
    const customer = await world.customer();
    await ctx.db.customer.update({ where: { id: customer.id }, data: { email: 'omar@example.com', phoneNumber: '+971501234567' } });
    const lead = await ctx.db.lead.create({
      data: {
        companyId: world.company.id,
        assetId: world.asset.id,
        leadID: `L-${uniqueSuffix()}`,
        customerId: customer.id,
        contactType: 'Buyer',
        source: 'Website',
        remarks: 'Call after 5',
        minBedrooms: 2,
      },
    });
    gz.failNext(502);
    const pushed = await run(['leads']);
    expect(pushed).toMatchObject({ status: 'completed', attempts: 2 });
    const contact = gz.contacts.at(-1);
    expect(contact).toMatchObject({
      FirstName: 'Cust',
      Email: 'omar@example.com',
      MobileCountryCode: '971',
      MobileAreaCode: '50',
      MobilePhone: '1234567',
      Remarks: 'Call after 5',
      Bedroom: '2',
    });
    expect(await ctx.db.externalRef.findFirstOrThrow({ where: { entity: 'lead', entityId: lead.id } })).toMatchObject({
      provider: 'goyzer',
      externalId: String(9000 + gz.contacts.length),
    });
    const before = gz.contacts.length;
    expect(await run(['leads'])).toMatchObject({ status: 'completed', counts: { created: 0, updated: 0 } });
    expect(gz.contacts.length).toBe(before);
  });
});
