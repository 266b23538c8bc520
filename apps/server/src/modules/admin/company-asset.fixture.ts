import { uniqueSuffix } from '../../../test/factories.js';
import type { ResourceFixture } from '../../resources/resource-fixture.js';

// Test-only: a company asset (an office) for the tests that walk every resource (resources/resource-fixtures.ts
// lists it).
export const companyAssetFixture: ResourceFixture = {
  create: async (_post, n) => ({ name: `Abu Dhabi Office ${n} ${uniqueSuffix()}`, timezone: 'Asia/Dubai', currencyCode: 'aed' }),
  update: { name: `Al Ain Office ${uniqueSuffix()}`, currencyCode: 'USD' },
};
