import { defineConfig } from 'vitest/config';

// Unit tests of pure web logic: no DOM needed, so the node environment keeps them fast.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
