import type { DemoAssetKey, ProjectFixture } from '../../core/demo-data.js';

// The demo developers and off-plan projects of each asset (docs/api.md 'Demo data'): plain data, written by
// project.demo-seed.ts.

export const DEMO_PROJECTS: Record<DemoAssetKey, { developers: string[]; projects: ProjectFixture[] }> = {
  marina: {
    developers: ['Emaar Properties', 'Nakheel', 'DAMAC Properties'],
    projects: [
      {
        name: 'Marina Shores',
        developer: 0,
        location: 'Dubai Marina',
        bedrooms: [1, 2, 3],
        unitTypes: ['Apartment'],
        amenities: ['Balcony', 'Concierge Service'],
        minPrice: 1_400_000,
        maxPrice: 4_200_000,
        agents: ['a', 'c'],
        completionYear: 2027,
      },
      {
        name: 'Palm Beach Towers',
        developer: 1,
        location: 'Palm Jumeirah',
        bedrooms: [1, 2, 3, 4],
        unitTypes: ['Apartment', 'Penthouse'],
        amenities: ['Balcony', 'Maid Service'],
        minPrice: 2_300_000,
        maxPrice: 12_000_000,
        agents: ['c'],
        completionYear: 2028,
      },
      {
        name: 'Cavalli Tower',
        developer: 2,
        location: 'Dubai Marina',
        bedrooms: [2, 3, 4],
        unitTypes: ['Apartment', 'Penthouse'],
        amenities: ['Concierge Service', 'Furnished'],
        minPrice: 3_100_000,
        maxPrice: 25_000_000,
        agents: ['b', 'c'],
        completionYear: 2026,
      },
    ],
  },
  downtown: {
    developers: ['Emaar Properties', 'Sobha Realty', 'Meraas'],
    projects: [
      {
        name: 'Grande Signature Residences',
        developer: 0,
        location: 'Downtown Dubai',
        bedrooms: [1, 2, 3, 4],
        unitTypes: ['Apartment', 'Penthouse'],
        amenities: ['Concierge Service', 'Balcony'],
        minPrice: 2_000_000,
        maxPrice: 15_000_000,
        agents: ['a', 'c'],
        completionYear: 2027,
      },
      {
        name: 'Sobha One',
        developer: 1,
        location: 'Business Bay',
        bedrooms: [1, 2, 3],
        unitTypes: ['Apartment'],
        amenities: ['Balcony'],
        minPrice: 1_300_000,
        maxPrice: 4_800_000,
        agents: ['c'],
        completionYear: 2026,
      },
      {
        name: 'City Walk Crestlane',
        developer: 2,
        location: 'City Walk',
        bedrooms: [2, 3, 4],
        unitTypes: ['Apartment', 'Townhouse'],
        amenities: ['Covered Parking'],
        minPrice: 2_800_000,
        maxPrice: 9_500_000,
        agents: ['b', 'c'],
        completionYear: 2028,
      },
    ],
  },
};
