import type { ResourceFixture } from '../../resources/resource-fixture.js';
import { translations } from '../../resources/resource-fixture-kit.js';

// Test-only: a developer for the tests that walk every resource (resources/resource-fixtures.ts lists it).
export const developerFixture: ResourceFixture = {
  create: async (_post, n) => ({
    name: `Emaar ${n}`,
    slug: `emaar-${n}`,
    description: 'Master developer',
    website: 'https://developer.example.com',
    translations,
  }),
  update: { description: 'Builder of towers', website: '' },
};
