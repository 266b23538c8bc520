import type { ResourceFixture } from '../../resources/resource-fixture.js';

// Test-only: a sent mail's notification log row for the tests that walk every resource
// (resources/resource-fixtures.ts lists it).
export const notificationLogFixture: ResourceFixture = {
  insert: async (ctx, world) => {
    const row = await ctx.db.notificationLog.create({
      data: {
        companyId: world.company.id,
        assetId: world.assetA.id,
        userId: world.admin.userId,
        channel: 'email',
        kind: 'leadAssigned',
        recipient: 'admin@example.com',
        subject: 'Lead L-1 was assigned to you',
        status: 'sent',
      },
    });
    return row.id;
  },
};
