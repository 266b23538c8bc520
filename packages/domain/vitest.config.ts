import { defineConfig } from 'vitest/config';
import { ciReporters } from '../../scripts/vitest-reporters.js';

export default defineConfig({ test: { include: ['src/**/*.test.ts'], ...ciReporters('domain') } });
