import { z } from 'zod';
import {
  IntegrationAccountSchema,
  IntegrationLogEntrySchema,
  IntegrationLogQuerySchema,
  IntegrationModulesSchema,
  IntegrationProviderNameSchema,
  IntegrationRecordSchema,
  IntegrationTestInputSchema,
  IntegrationTestResultSchema,
  IntegrationUpdateInputSchema,
  PERMISSIONS,
  SynchronizationInputSchema,
  SynchronizationResultSchema,
  SyncStatusSchema,
} from '@crm/domain';
import { permissionProcedure, router } from '../../trpc/trpc.js';
import { syncModules, syncStatus, updateSynchronization } from './integration-sync.service.js';
import { integrationAccounts, removeIntegrationAccount } from './integration-account.service.js';
import { listIntegrationLogs } from './integration-log.js';
import { testIntegration } from './integration-test.service.js';
import { getIntegration, listIntegrations, updateIntegration } from './integration.service.js';
import { providerProcedures } from './providers/provider-registry.js';

// Integrations, tRPC door onto the same services as integrations.routes.ts, in the caller's active asset.
const admin = permissionProcedure([PERMISSIONS.INTEGRATIONS_VIEW]);
const ProviderInput = z.strictObject({ provider: IntegrationProviderNameSchema });

export const integrationsRouter = router({
  ...providerProcedures(),
  list: admin.output(z.array(IntegrationRecordSchema)).query(({ ctx }) => listIntegrations(ctx.deps, ctx.actor, ctx.assetId)),
  get: admin
    .input(ProviderInput)
    .output(IntegrationRecordSchema)
    .query(({ ctx, input }) => getIntegration(ctx.deps, ctx.actor, ctx.assetId, input.provider)),
  update: admin
    .input(IntegrationUpdateInputSchema)
    .output(IntegrationRecordSchema)
    .mutation(({ ctx, input }) => updateIntegration(ctx.deps, ctx.actor, ctx.assetId, input.provider, input.patch)),
  test: admin
    .input(IntegrationTestInputSchema)
    .output(IntegrationTestResultSchema)
    .mutation(({ ctx, input }) => testIntegration(ctx.deps, ctx.actor, ctx.assetId, input.provider, { account: input.account })),
  syncStatus: admin
    .input(ProviderInput)
    .output(SyncStatusSchema)
    .query(({ ctx, input }) => syncStatus(ctx.deps, ctx.actor, ctx.assetId, input.provider)),
  modules: admin
    .input(ProviderInput)
    .output(IntegrationModulesSchema)
    .query(({ ctx, input }) => syncModules(ctx.deps, ctx.actor, ctx.assetId, input.provider)),
  accounts: admin
    .input(ProviderInput)
    .output(z.array(IntegrationAccountSchema))
    .query(({ ctx, input }) => integrationAccounts(ctx.deps, ctx.actor, ctx.assetId, input.provider)),
  removeAccount: admin
    .input(z.strictObject({ provider: z.literal('propertyfinder'), accountId: z.uuid() }))
    .output(IntegrationRecordSchema)
    .mutation(({ ctx, input }) => removeIntegrationAccount(ctx.deps, ctx.actor, ctx.assetId, input.provider, input.accountId)),
  logs: admin
    .input(IntegrationLogQuerySchema)
    .output(z.array(IntegrationLogEntrySchema))
    .query(({ ctx, input }) => listIntegrationLogs(ctx.deps, ctx.actor, ctx.assetId, input)),
  synchronization: admin
    .input(SynchronizationInputSchema.extend({ provider: IntegrationProviderNameSchema }))
    .output(SynchronizationResultSchema)
    .mutation(({ ctx, input: { provider, ...input } }) => updateSynchronization(ctx.deps, ctx.actor, ctx.assetId, provider, input)),
});
