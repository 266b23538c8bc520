import { oneResponseSchema, storedFileContract } from '@crm/domain';
import { z } from 'zod';
import { protectedProcedure, router } from '../../trpc/trpc.js';
import { resourceProcedures } from '../../resources/resource-procedures.js';
import { storageResource } from './storage.resource.js';
import { removeStoredFile } from './storage.service.js';

// Storage (docs/api.md 'Uploads'), tRPC door. Uploads are multipart, so they go through REST only (storage.routes.ts);
// listing and search are the generic resource's.
export const storageRouter = router({
  ...resourceProcedures(storageResource),
  remove: protectedProcedure
    .input(z.strictObject({ file: z.string().max(100) }))
    .output(oneResponseSchema(storedFileContract.record))
    .mutation(async ({ ctx, input }) => ({ data: await removeStoredFile(ctx, input.file) })),
});
