import { router } from '../../trpc/trpc.js';
import { assetDoors } from './asset.calls.js';

// Assets, tRPC door: the declared calls (asset.calls.ts).
export const assetsRouter = router(assetDoors.procedures);
