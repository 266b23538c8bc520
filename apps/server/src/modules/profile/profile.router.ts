import { router } from '../../trpc/trpc.js';
import { profileDoors } from './profile.calls.js';

// Profile, tRPC door: the declared calls (profile.calls.ts).
export const profileRouter = router(profileDoors.procedures);
