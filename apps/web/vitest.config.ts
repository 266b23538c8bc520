import { defineConfig } from 'vitest/config';
import { ciReporters } from '../../scripts/vitest-reporters.js';

// Unit tests of pure web logic: no DOM needed, so the node environment keeps them fast.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    ...ciReporters('web'),
  },
});
