import { router } from '../../trpc/trpc.js';
import { authDoors } from './auth.calls.js';

// Auth, tRPC door: the declared calls (auth.calls.ts).
export const authRouter = router(authDoors.procedures);
