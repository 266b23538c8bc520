import type { ResourceFixture } from '../../resources/resource-fixture.js';
import { storedFile } from '../../resources/resource-fixture-kit.js';

// Test-only: a stored file (inserted: uploads go through storage's own call) for the tests that walk every resource
// (resources/resource-fixtures.ts lists it).
export const storageFixture: ResourceFixture = {
  insert: storedFile,
  update: { name: 'floor-plan.png', category: 'brochures', isHidden: true },
};
