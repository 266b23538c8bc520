import { ApiKeyCreatedSchema, ApiKeyCreateInputSchema, ApiKeyIdInputSchema, ApiKeyRecordSchema, PERMISSIONS } from '@crm/domain';
import { resourceProcedures } from '../../resources/resource-procedures.js';
import { permissionProcedure, router } from '../../trpc/trpc.js';
import { apiKeyResource } from './api-key.resource.js';
import { createApiKey, revokeApiKey } from './api-key.service.js';

// API keys, tRPC door onto the same services as api-keys.routes.ts; the read side is the generic resource's.
const admin = permissionProcedure([PERMISSIONS.INTEGRATIONS_VIEW]);

export const apiKeysRouter = router({
  ...resourceProcedures(apiKeyResource),
  create: admin
    .input(ApiKeyCreateInputSchema)
    .output(ApiKeyCreatedSchema)
    .mutation(({ ctx, input }) => createApiKey(ctx.deps, ctx.actor, input)),
  revoke: admin
    .input(ApiKeyIdInputSchema)
    .output(ApiKeyRecordSchema)
    .mutation(({ ctx, input }) => revokeApiKey(ctx.deps, ctx.actor, ctx.assetId, input.id)),
});
