import { router } from '../../trpc/trpc.js';
import { companySettingsDoors, twoFactorDoors } from './security.calls.js';

// Admin > Settings and the caller's own two-factor sign-in, tRPC door: the declared calls (security.calls.ts).
export const companySettingsRouter = router(companySettingsDoors.procedures);

export const twoFactorRouter = router(twoFactorDoors.procedures);
