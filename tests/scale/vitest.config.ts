import { defineConfig } from 'vitest/config';
import { ciReporters } from '../../scripts/vitest-reporters.js';

// The scale-out tests (docs/scaling.md): the built product as several processes on this machine.
export default defineConfig({
  test: {
    include: ['scale/**/*.test.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    ...ciReporters('scale'),
  },
});
