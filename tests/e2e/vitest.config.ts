import { defineConfig } from 'vitest/config';
import { ciReporters } from '../../scripts/vitest-reporters.js';
import { e2eWorkers } from './support/workers.js';

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Files run side by side, one per worker, each worker on a server and database of its own (global-setup.ts).
    maxWorkers: e2eWorkers(),
    // A poll waits for the screen to catch up; a loaded CI machine can take more than vitest's default second.
    expect: { poll: { timeout: 10_000 } },
    ...ciReporters('e2e'),
  },
});
