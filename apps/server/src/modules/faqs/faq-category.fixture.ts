import type { ResourceFixture } from '../../resources/resource-fixture.js';

// Test-only: a FAQ category for the tests that walk every resource (resources/resource-fixtures.ts lists it).
export const faqCategoryFixture: ResourceFixture = {
  create: async (_post, n) => ({ name: `Payments ${n}` }),
  update: { name: 'Handover' },
};
