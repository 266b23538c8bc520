import { router } from './trpc.js';

/** Every domain's tRPC router, merged in one explicit list. The web imports only this type. */
export const appRouter = router({});

export type AppRouter = typeof appRouter;
