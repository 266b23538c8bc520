import { oneResponseSchema, StorageUsageSchema, storedFileContract } from '@crm/domain';
import { z } from 'zod';
import { protectedProcedure, router } from '../../trpc/trpc.js';
import { resourceProcedures } from '../../resources/resource-procedures.js';
import { storageResource } from './storage.resource.js';
import { storageUsage } from './storage-usage.service.js';
import { removeStoredFile } from './storage.service.js';

// Storage (docs/api.md 'Uploads'), tRPC door. Uploads are multipart, so they go through REST only (storage.routes.ts);
// listing, search and update (rename, category, hide) are the generic resource's.
export const storageRouter = router({
  ...resourceProcedures(storageResource),
  remove: protectedProcedure
    .input(z.strictObject({ file: z.string().max(100) }))
    .output(oneResponseSchema(storedFileContract.record))
    .mutation(async ({ ctx, input }) => ({ data: await removeStoredFile(ctx, input.file) })),
  usage: protectedProcedure
    .input(z.strictObject({}).optional())
    .output(z.object({ data: StorageUsageSchema }))
    .query(async ({ ctx }) => ({ data: await storageUsage(ctx) })),
});
