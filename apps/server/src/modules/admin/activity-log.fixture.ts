import type { ResourceFixture } from '../../resources/resource-fixture.js';

// Test-only: an activity log row for the tests that walk every resource (resources/resource-fixtures.ts lists it).
export const activityLogFixture: ResourceFixture = {
  insert: async (ctx, world) => {
    const row = await ctx.db.activityLog.create({
      data: {
        companyId: world.company.id,
        assetId: world.assetA.id,
        userId: world.admin.userId,
        action: 'update',
        subjectType: 'Lead',
        subjectId: 'L-1',
        changes: { stage: { from: 'New', to: 'Qualified' } },
      },
    });
    return row.id;
  },
};
