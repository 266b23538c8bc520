import { defineConfig } from 'vitest/config';
import { ciReporters } from '../../scripts/vitest-reporters.js';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    // Each worker imports the app once for all its files, not once per file: importing it was half the suite's time
    // (307 s -> 204-244 s on this machine). Tests share no module state but what is keyed by their own records (each file
    // builds its own app, database and Redis prefix); one that counts process-wide says so (memory-release.test.ts).
    isolate: false,
    ...ciReporters('server'),
  },
});
