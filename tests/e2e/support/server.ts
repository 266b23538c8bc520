import { inject } from 'vitest';
import type { E2eServer } from './global-setup.js';

/** This worker's server (global-setup.ts starts one per worker): VITEST_POOL_ID numbers the workers from 1. */
export function e2eServer(): E2eServer {
  const servers = inject('servers');
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  return servers[(worker - 1) % servers.length] as E2eServer;
}
