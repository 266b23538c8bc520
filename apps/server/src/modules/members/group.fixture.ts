import type { ResourceFixture } from '../../resources/resource-fixture.js';

// Test-only: a group for the tests that walk every resource (resources/resource-fixtures.ts lists it).
export const groupFixture: ResourceFixture = {
  create: async (_post, n) => ({ name: `Closers ${n}` }),
  update: { name: 'Openers' },
};
