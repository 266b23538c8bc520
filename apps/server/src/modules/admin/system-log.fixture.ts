import type { ResourceFixture } from '../../resources/resource-fixture.js';

// Test-only: a failed request's system log row for the tests that walk every resource
// (resources/resource-fixtures.ts lists it).
export const systemLogFixture: ResourceFixture = {
  insert: async (ctx, world) => {
    const row = await ctx.db.systemLog.create({
      data: {
        companyId: world.company.id,
        assetId: world.assetA.id,
        userId: world.admin.userId,
        source: 'http',
        event: 'request.failed',
        message: 'boom',
        requestId: 'req-1',
        method: 'GET',
        url: '/api/test',
        status: 500,
      },
    });
    return row.id;
  },
};
