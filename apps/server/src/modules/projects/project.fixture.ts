import { AMENITIES, UNIT_TYPES } from '@crm/domain';
import { uniqueSuffix } from '../../../test/factories.js';
import type { ResourceFixture } from '../../resources/resource-fixture.js';
import { translations } from '../../resources/resource-fixture-kit.js';

// Test-only: a project for the tests that walk every resource (resources/resource-fixtures.ts lists it).
export const projectFixture: ResourceFixture = {
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
};
