import { AMENITIES } from '@crm/domain';
import { uniqueSuffix } from '../../../test/factories.js';
import type { ResourceFixture } from '../../resources/resource-fixture.js';

// Test-only: a lead for the tests that walk every resource (resources/resource-fixtures.ts lists it). Inserted
// with Prisma, with its customer, agent, listing and a review: the resource is read-only, leads are written by
// the lead engine's own calls.
export const leadFixture = {
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
} satisfies ResourceFixture;
