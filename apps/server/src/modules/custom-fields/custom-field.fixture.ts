import { uniqueSuffix } from '../../../test/factories.js';
import type { ResourceFixture } from '../../resources/resource-fixture.js';

// Test-only: a custom field for the tests that walk every resource (resources/resource-fixtures.ts lists it).
export const customFieldFixture: ResourceFixture = {
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
};
