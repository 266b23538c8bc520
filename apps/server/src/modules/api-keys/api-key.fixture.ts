import { uniqueSuffix } from '../../../test/factories.js';
import type { ResourceFixture } from '../../resources/resource-fixture.js';

// Test-only: an API key (inserted: keys are issued by the module's own call) for the tests that walk every resource
// (resources/resource-fixtures.ts lists it).
export const apiKeyFixture: ResourceFixture = {
  insert: async (ctx, world) => {
    const row = await ctx.db.apiKey.create({
      data: {
        companyId: world.company.id,
        assetId: world.assetA.id,
        name: 'Portal sync',
        prefix: 'crm_abcdefgh',
        keyHash: `hash-${uniqueSuffix()}`,
        permissions: ['LEAD_ADD'],
        creatorId: world.admin.userId,
      },
    });
    return row.id;
  },
};
