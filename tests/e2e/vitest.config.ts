import { defineConfig } from 'vitest/config';
import { ciReporters } from '../../scripts/vitest-reporters.js';

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // A poll waits for the screen to catch up; a loaded CI machine can take more than vitest's default second.
    expect: { poll: { timeout: 10_000 } },
    ...ciReporters('e2e'),
  },
});
