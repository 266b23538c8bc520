import type { ResourceFixture } from '../../resources/resource-fixture.js';

// Test-only: a failed login's access log row for the tests that walk every resource (resources/resource-fixtures.ts
// lists it).
export const accessLogFixture: ResourceFixture = {
  insert: async (ctx, world) => {
    const row = await ctx.db.accessLog.create({
      data: {
        companyId: world.company.id,
        userId: world.admin.userId,
        email: 'admin@example.com',
        action: 'login',
        success: false,
        reason: 'bad password',
        ip: '127.0.0.1',
        userAgent: 'vitest',
      },
    });
    return row.id;
  },
};
