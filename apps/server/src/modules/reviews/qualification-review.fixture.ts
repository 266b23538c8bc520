import type { ResourceFixture } from '../../resources/resource-fixture.js';
import { postLead } from '../../resources/resource-fixture-kit.js';

// Test-only: a lead's qualification review for the tests that walk every resource (resources/resource-fixtures.ts).
export const qualificationReviewFixture: ResourceFixture = {
  create: async (post, n) => ({ lead: await postLead(post, n + 900), rating: 4, category: 'Qualified', feedback: 'Clear budget' }),
  update: { rating: 5, status: 'Completed' },
};
