import type { ResourceFixture } from '../../resources/resource-fixture.js';
import { postLead } from '../../resources/resource-fixture-kit.js';

// Test-only: a lead's deal for the tests that walk every resource (resources/resource-fixtures.ts lists it); its
// lead's customer numbered apart from the viewings' (a phone is once per asset).
export const dealFixture: ResourceFixture = {
  create: async (post, n) => ({
    lead: await postLead(post, n + 500),
    value: 250_000_000 + n,
    commissionBasisPoints: 200,
    notes: `Offer ${n}`,
  }),
  update: { notes: 'Counter-offer received', value: 245_000_000 },
};
