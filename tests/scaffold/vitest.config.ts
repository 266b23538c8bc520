import { defineConfig } from 'vitest/config';
import { ciReporters } from '../../scripts/vitest-reporters.js';

// The scaffold's test (docs/architecture.md 'Adding a resource'): `npm run resource:new` in a throw-away copy.
export default defineConfig({
  test: {
    include: ['scaffold/**/*.test.ts'],
    testTimeout: 900_000,
    hookTimeout: 120_000,
    ...ciReporters('scaffold'),
  },
});
