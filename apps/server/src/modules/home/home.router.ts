import { router } from '../../trpc/trpc.js';
import { homeDoors } from './home.calls.js';

// Home, tRPC door: the declared call (home.calls.ts).
export const homeRouter = router(homeDoors.procedures);
