import type { ResourceFixture } from '../../resources/resource-fixture.js';
import { postLead } from '../../resources/resource-fixture-kit.js';

// Test-only: a viewing of a lead for the tests that walk every resource (resources/resource-fixtures.ts lists it).
export const viewingFixture: ResourceFixture = {
  create: async (post, n) => ({
    lead: await postLead(post, n),
    startsAt: '2026-03-01T10:00:00.000Z',
    notes: `Bring the keys ${n}`,
  }),
  update: { status: 'done', notes: 'Liked the view' },
};
