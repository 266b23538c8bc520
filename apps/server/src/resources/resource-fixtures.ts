import { AMENITIES, UNIT_TYPES } from '@crm/domain';
import type { TestContext } from '../../test/test-app.js';
import { uniqueSuffix } from '../../test/factories.js';
import type { Body, ResourceFixture } from './resource-fixture.js';
import type { ResourceWorld } from './resource-test-kit.js';

// A record of every registered resource, for the contract tests (resource-contracts.test.ts): a create body per
// contract name (creating, through the same API, the records it refers to) and an update, or, for the read-only
// resources, a row inserted with Prisma. Test-only. A new resource fails those tests until it has its fixture here.

export type { Body, ResourceFixture } from './resource-fixture.js';
type Post = (path: string, body: Body) => Promise<string>;

const translations = { ar: { name: 'عربي' }, fr: { name: 'Français' } };

async function storedFile(ctx: TestContext, world: ResourceWorld): Promise<string> {
  const suffix = uniqueSuffix();
  const file = await ctx.db.storedFile.create({
    data: {
      companyId: world.company.id,
      assetId: world.assetA.id,
      name: `plan-${suffix}.png`,
      category: 'plans',
      type: 'image',
      mimeType: 'image/png',
      size: 2048,
      storageKey: `${world.assetA.id}/${suffix}.png`,
      url: `/api/storage/files/${suffix}?token=t`,
      thumbnailUrl: `/api/storage/files/${suffix}?token=t&thumbnail=1`,
      ext: 'png',
      creatorId: world.admin.userId,
      updatedById: world.admin.userId,
    },
  });
  return file.id;
}

/** A listing lead written through the lead engine's own call (POST properties/leads); answers its id. */
async function postLead(post: Post, n: number): Promise<string> {
  const listingFixture = RESOURCE_FIXTURES.listings?.create;
  const customerFixture = RESOURCE_FIXTURES.customers?.create;
  if (!listingFixture || !customerFixture) throw new Error('leads need the listing and customer fixtures');
  const agent = await post('teams/members', { name: `Viewing agent ${n}`, enabled: true });
  return post('properties/leads/create', {
    customer: await post('customers', await customerFixture(post, n + 40)),
    contactType: 'Buyer',
    type: 'listing',
    listing: await post('properties/listings', await listingFixture(post, n)),
    source: 'Website',
    leadType: 'Sale',
    enquiryMethod: 'Viewing',
    contactMethod: 'Phone',
    action: 'Requires call from agent',
    agent,
    isManualAssignment: true,
  });
}

/** An envelope of a lead (inserted like the lead) for a stored PDF. */
async function envelope(ctx: TestContext, world: ResourceWorld): Promise<string> {
  const leadId = await RESOURCE_FIXTURES.leads?.insert?.(ctx, world);
  if (!leadId) throw new Error('envelopes need the lead fixture');
  const fileId = await storedFile(ctx, world);
  const row = await ctx.db.envelope.create({
    data: {
      companyId: world.company.id,
      assetId: world.assetA.id,
      leadId,
      fileId,
      envelopeId: `ds-${uniqueSuffix()}`,
      status: 'sent',
      subject: 'Please sign: offer.pdf',
      signerName: 'Lea Customer',
      signerEmail: 'lea@example.com',
      sentAt: new Date(),
      creatorId: world.admin.userId,
    },
  });
  return row.id;
}

export const RESOURCE_FIXTURES: Record<string, ResourceFixture> = {
  customers: {
    create: async (_post, n) => ({
      firstName: 'Ada',
      lastName: `Lovelace ${n}`,
      email: `ada.${n}.${uniqueSuffix()}@example.com`,
      phoneCode: '+971',
      phone: `5012345${String(n).padStart(2, '0')}`,
      type: 'Client',
    }),
    update: { lastName: 'Byron', doNotDisturb: true },
  },
  departments: {
    create: async (_post, n) => ({ name: `Sales ${n}`, translations }),
    update: { name: 'Leasing' },
  },
  groups: {
    create: async (_post, n) => ({ name: `Closers ${n}` }),
    update: { name: 'Openers' },
  },
  members: {
    create: async (post, n) => ({
      name: `Agent ${n}`,
      officeName: 'Marina',
      designation: 'Senior Agent',
      email: `agent.${n}.${uniqueSuffix()}@example.com`,
      phoneCode: '+971',
      phone: '501112233',
      areas: ['Dubai Marina', 'JLT'],
      translations,
      isTest: false,
      leadWeight: 3,
      sourceDataId: `crm-${uniqueSuffix()}`,
      dataSourceCreatedAt: '2026-01-05T10:00:00.000Z',
      department: await post('teams/departments', { name: `Offplan ${n}` }),
      reportedTo: await post('teams/members', { name: `Manager ${n}` }),
    }),
    update: { designation: 'Team Lead', enabled: false },
  },
  listings: {
    create: async (post, n) => ({
      reference: `REF-${n}-${uniqueSuffix()}`,
      title: 'Two bedrooms, marina view',
      leadType: 'Sale',
      unitType: UNIT_TYPES[0],
      country: 'United Arab Emirates',
      city: 'Dubai',
      location: 'Dubai Marina',
      subLocation: 'Marina Gate',
      bedrooms: 2,
      bathrooms: 3,
      price: 2_450_000.5,
      amenities: [AMENITIES[0], AMENITIES[1]],
      agent: await post('teams/members', { name: `Listing agent ${n}` }),
      sourceDataId: `crm-${uniqueSuffix()}`,
    }),
    update: { price: 2_300_000, enabled: false },
  },
  developers: {
    create: async (_post, n) => ({
      name: `Emaar ${n}`,
      slug: `emaar-${n}`,
      description: 'Master developer',
      website: 'https://developer.example.com',
      translations,
    }),
    update: { description: 'Builder of towers', website: '' },
  },
  projects: {
    create: async (post, n) => ({
      name: `Creek Rise ${n}`,
      slug: `creek-rise-${n}-${uniqueSuffix()}`,
      translations,
      developer: await post('properties/developers', { name: `Developer ${n}` }),
      campaignName: 'Spring launch',
      country: 'United Arab Emirates',
      city: 'Dubai',
      location: 'Creek Harbour',
      bedrooms: [1, 2, 3],
      amenities: [AMENITIES[2]],
      unitTypes: [UNIT_TYPES[0]],
      minPrice: 1_000_000,
      maxPrice: 3_500_000,
      startDate: '2026-02-01T00:00:00.000Z',
      completionDate: '2028-12-31T00:00:00.000Z',
      community: 'Dubai Creek Harbour',
      status: 'Launched',
      handoverDate: '2029-03-31T00:00:00.000Z',
      description: 'Waterfront towers.',
    }),
    update: { campaignName: 'Summer launch', enabled: false, status: 'Ready' },
  },
  places: {
    create: async (post, n) => ({
      kind: 'community',
      name: `Creek Island ${n}`,
      parent: await post('properties/places', {
        kind: 'city',
        name: `Hatta ${n}`,
        parent: await post('properties/places', { kind: 'emirate', name: `Emirate ${n}`, code: 'DU' }),
      }),
    }),
    update: { name: 'Creek Island North' },
  },
  faqCategories: {
    create: async (_post, n) => ({ name: `Payments ${n}` }),
    update: { name: 'Handover' },
  },
  customFields: {
    create: async (_post, n) => ({
      kind: 'project',
      key: `fixture_${n}_${uniqueSuffix()
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '')}`.slice(0, 50),
      label: `View ${n}`,
      type: 'select',
      options: ['Sea', 'City'],
    }),
    update: { label: 'Views', options: ['Sea', 'City', 'Park'] },
  },
  faqs: {
    create: async (post, n) => ({
      question: `How do I pay ${n}?`,
      answer: 'By bank transfer.',
      order: n,
      enabled: true,
      category: await post('faqs/categories', { name: `Billing ${n}` }),
    }),
    update: { answer: 'By card or bank transfer.', order: 9 },
  },
  storage: { insert: storedFile, update: { name: 'floor-plan.png', category: 'brochures', isHidden: true } },
  leads: {
    insert: async (ctx, world) => {
      const suffix = uniqueSuffix();
      const scope = { companyId: world.company.id, assetId: world.assetA.id };
      const customer = await ctx.db.customer.create({
        data: { ...scope, customerID: `C-${suffix}`, firstName: 'Lea', lastName: suffix, fullName: `Lea ${suffix}`, type: 'Client' },
      });
      const agent = await ctx.db.teamMember.create({ data: { ...scope, name: `Agent ${suffix}`, officeName: 'Marina' } });
      const listing = await ctx.db.listing.create({ data: { ...scope, reference: `REF-${suffix}`, city: 'Dubai', location: 'Marina' } });
      const lead = await ctx.db.lead.create({
        data: {
          ...scope,
          leadID: `L-${suffix}`,
          customerId: customer.id,
          agentId: agent.id,
          listingId: listing.id,
          type: 'listing',
          contactType: 'Buyer',
          leadType: 'Sale',
          source: 'Website',
          amenities: [AMENITIES[0]],
          locations: ['Dubai Marina'],
          minPrice: 1_000_000,
          maxPrice: 2_000_000.25,
          utm: { source: 'google', campaign: 'spring' },
          initialSlaEndDate: new Date(Date.now() + 3_600_000),
          agentAssignedAt: new Date(),
          creatorName: 'Test',
          updatedByName: 'Test',
        },
      });
      await ctx.db.leadReview.create({
        data: { ...scope, leadId: lead.id, customerId: customer.id, agentId: agent.id, rating: 5, feedback: 'Quick', category: 'Service' },
      });
      return lead.id;
    },
  },
  apiKeys: {
    insert: async (ctx, world) => {
      const row = await ctx.db.apiKey.create({
        data: {
          companyId: world.company.id,
          assetId: world.assetA.id,
          name: 'Portal sync',
          prefix: 'crm_abcdefgh',
          keyHash: `hash-${uniqueSuffix()}`,
          permissions: ['LEAD_ADD'],
          creatorId: world.admin.userId,
        },
      });
      return row.id;
    },
  },
  accessLogs: {
    insert: async (ctx, world) => {
      const row = await ctx.db.accessLog.create({
        data: {
          companyId: world.company.id,
          userId: world.admin.userId,
          email: 'admin@example.com',
          action: 'login',
          success: false,
          reason: 'bad password',
          ip: '127.0.0.1',
          userAgent: 'vitest',
        },
      });
      return row.id;
    },
  },
  activityLogs: {
    insert: async (ctx, world) => {
      const row = await ctx.db.activityLog.create({
        data: {
          companyId: world.company.id,
          assetId: world.assetA.id,
          userId: world.admin.userId,
          action: 'update',
          subjectType: 'Lead',
          subjectId: 'L-1',
          changes: { stage: { from: 'New', to: 'Qualified' } },
        },
      });
      return row.id;
    },
  },
  notificationLogs: {
    insert: async (ctx, world) => {
      const row = await ctx.db.notificationLog.create({
        data: {
          companyId: world.company.id,
          assetId: world.assetA.id,
          userId: world.admin.userId,
          channel: 'email',
          kind: 'leadAssigned',
          recipient: 'admin@example.com',
          subject: 'Lead L-1 was assigned to you',
          status: 'sent',
        },
      });
      return row.id;
    },
  },
  systemLogs: {
    insert: async (ctx, world) => {
      const row = await ctx.db.systemLog.create({
        data: {
          companyId: world.company.id,
          assetId: world.assetA.id,
          userId: world.admin.userId,
          source: 'http',
          event: 'request.failed',
          message: 'boom',
          requestId: 'req-1',
          method: 'GET',
          url: '/api/test',
          status: 500,
        },
      });
      return row.id;
    },
  },
  memberRatings: {
    create: async (post, n) => ({
      member: await post('teams/members', { name: `Rated agent ${n}` }),
      source: 'viewing',
      rating: 4,
      comment: `Helpful viewing ${n}`,
      ratedAt: '2026-02-01T10:00:00.000Z',
    }),
    update: { hidden: true, comment: 'Moderated' },
  },
  viewings: {
    create: async (post, n) => ({
      lead: await postLead(post, n),
      startsAt: '2026-03-01T10:00:00.000Z',
      notes: `Bring the keys ${n}`,
    }),
    update: { status: 'done', notes: 'Liked the view' },
  },
  envelopes: { insert: envelope },
  companyAssets: {
    create: async (_post, n) => ({ name: `Abu Dhabi Office ${n} ${uniqueSuffix()}`, timezone: 'Asia/Dubai', currencyCode: 'aed' }),
    update: { name: `Al Ain Office ${uniqueSuffix()}`, currencyCode: 'USD' },
  },
  roles: {
    insert: async (ctx, world) => {
      const row = await ctx.db.role.create({
        data: { companyId: world.company.id, code: `FIXTURE_${uniqueSuffix()}`, name: 'Fixture', permissions: ['CUSTOMERS_VIEW'] },
      });
      return row.id;
    },
  },
  users: {
    insert: async (ctx, world) => {
      const role = await ctx.db.role.create({
        data: { companyId: world.company.id, code: `FIXTURE_${uniqueSuffix()}`, name: 'Fixture', permissions: [] },
      });
      const row = await ctx.db.user.create({
        data: {
          companyId: world.company.id,
          roleId: role.id,
          email: `fixture-${uniqueSuffix()}@example.com`,
          fullName: 'Fixture User',
          passwordHash: '',
        },
      });
      return row.id;
    },
  },
};
