import type { ResourceFixture } from '../../resources/resource-fixture.js';

// Test-only: a place (a community in a city in an emirate) for the tests that walk every resource
// (resources/resource-fixtures.ts lists it).
export const placeFixture: ResourceFixture = {
  create: async (post, n) => ({
    kind: 'community',
    name: `Creek Island ${n}`,
    parent: await post('properties/places', {
      kind: 'city',
      name: `Hatta ${n}`,
      parent: await post('properties/places', { kind: 'emirate', name: `Emirate ${n}`, code: 'DU' }),
    }),
  }),
  update: { name: 'Creek Island North' },
};
