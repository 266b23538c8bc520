import type { ResourceFixture } from '../../resources/resource-fixture.js';
import { translations } from '../../resources/resource-fixture-kit.js';

// Test-only: a department for the tests that walk every resource (resources/resource-fixtures.ts lists it).
export const departmentFixture: ResourceFixture = {
  create: async (_post, n) => ({ name: `Sales ${n}`, translations }),
  update: { name: 'Leasing' },
};
