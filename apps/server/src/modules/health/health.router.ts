import { router } from '../../trpc/trpc.js';
import { healthDoors } from './health.calls.js';

// Health, tRPC door: the declared calls (health.calls.ts).
export const healthRouter = router(healthDoors.procedures);
