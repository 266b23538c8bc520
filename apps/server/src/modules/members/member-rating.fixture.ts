import type { ResourceFixture } from '../../resources/resource-fixture.js';

// Test-only: a member's rating for the tests that walk every resource (resources/resource-fixtures.ts lists it).
export const memberRatingFixture: ResourceFixture = {
  create: async (post, n) => ({
    member: await post('teams/members', { name: `Rated agent ${n}` }),
    source: 'viewing',
    rating: 4,
    comment: `Helpful viewing ${n}`,
    ratedAt: '2026-02-01T10:00:00.000Z',
  }),
  update: { hidden: true, comment: 'Moderated' },
};
