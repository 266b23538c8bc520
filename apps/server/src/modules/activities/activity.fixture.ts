import type { ResourceFixture } from '../../resources/resource-fixture.js';
import { postLead } from '../../resources/resource-fixture-kit.js';

// Test-only: a call logged on a lead for the tests that walk every resource (resources/resource-fixtures.ts lists it).
export const activityFixture: ResourceFixture = {
  create: async (post, n) => ({
    type: 'call',
    subject: `Called about the viewing ${n}`,
    lead: await postLead(post, n + 700),
    durationMinutes: 5,
  }),
  update: { outcome: 'Interested', notes: 'Wants a second viewing' },
};
