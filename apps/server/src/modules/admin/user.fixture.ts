import { uniqueSuffix } from '../../../test/factories.js';
import type { ResourceFixture } from '../../resources/resource-fixture.js';

// Test-only: a user with a role of its own for the tests that walk every resource (resources/resource-fixtures.ts
// lists it).
export const userFixture: ResourceFixture = {
  insert: async (ctx, world) => {
    const role = await ctx.db.role.create({
      data: { companyId: world.company.id, code: `FIXTURE_${uniqueSuffix()}`, name: 'Fixture', permissions: [] },
    });
    const row = await ctx.db.user.create({
      data: {
        companyId: world.company.id,
        roleId: role.id,
        email: `fixture-${uniqueSuffix()}@example.com`,
        fullName: 'Fixture User',
        passwordHash: '',
      },
    });
    return row.id;
  },
};
