import { uniqueSuffix } from '../../../test/factories.js';
import type { ResourceFixture } from '../../resources/resource-fixture.js';

// Test-only: a role for the tests that walk every resource (resources/resource-fixtures.ts lists it).
export const roleFixture: ResourceFixture = {
  insert: async (ctx, world) => {
    const row = await ctx.db.role.create({
      data: { companyId: world.company.id, code: `FIXTURE_${uniqueSuffix()}`, name: 'Fixture', permissions: ['CUSTOMERS_VIEW'] },
    });
    return row.id;
  },
};
