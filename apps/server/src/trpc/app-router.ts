import { router } from './trpc.js';
import { authRouter } from '../modules/auth/auth.router.js';
import { profileRouter } from '../modules/profile/profile.router.js';
import { assetsRouter } from '../modules/assets/assets.router.js';
import { resourcesRouter } from '../resources/resource.router.js';
import { leadsRouter } from '../modules/leads/lead.router.js';
import { customersRouter } from '../modules/customers/customers.router.js';
import { lookupsRouter } from '../modules/lookups/lookups.router.js';
import { storageRouter } from '../modules/storage/storage.router.js';

/** Every domain's tRPC router, merged in one explicit list. The web imports only this type. */
export const appRouter = router({
  auth: authRouter,
  profile: profileRouter,
  assets: assetsRouter,
  resources: resourcesRouter,
  leads: leadsRouter,
  customers: customersRouter,
  lookups: lookupsRouter,
  storage: storageRouter,
});

export type AppRouter = typeof appRouter;
