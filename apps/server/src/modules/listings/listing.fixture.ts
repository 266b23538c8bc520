import { AMENITIES, UNIT_TYPES } from '@crm/domain';
import { uniqueSuffix } from '../../../test/factories.js';
import type { ResourceFixture } from '../../resources/resource-fixture.js';

// Test-only: a listing for the tests that walk every resource (resources/resource-fixtures.ts lists it).
export const listingFixture = {
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
} satisfies ResourceFixture;
