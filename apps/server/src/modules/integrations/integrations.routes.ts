import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  INTEGRATION_PROVIDER_NAMES,
  IntegrationAccountSchema,
  IntegrationLogEntrySchema,
  IntegrationLogQuerySchema,
  IntegrationModulesSchema,
  IntegrationProviderNameSchema,
  IntegrationRecordSchema,
  IntegrationTestQuerySchema,
  IntegrationTestResultSchema,
  integrationAccountPatchSchema,
  integrationPatchSchema,
  isMultiAccountProvider,
  integrationProviders,
  oneResponseSchema,
  PERMISSIONS,
  SynchronizationInputSchema,
  SynchronizationResultSchema,
  SyncStatusSchema,
} from '@crm/domain';
import { actorOf } from '../../plugins/auth.plugin.js';
import { syncModules, syncStatus, updateSynchronization } from './integration-sync.service.js';
import { integrationAccounts, removeIntegrationAccount } from './integration-account.service.js';
import { listIntegrationLogs } from './integration-log.js';
import { testIntegration } from './integration-test.service.js';
import { getIntegration, listIntegrations, updateIntegration } from './integration.service.js';

/** `cencorp-link` -> `CencorpLink`, for the operationId `integrations.updateCencorpLink`. */
const pascal = (name: string) => name.replace(/(^|-)(\w)/g, (_match, _dash, letter: string) => letter.toUpperCase());

// Integrations (SPEC section 7, docs/api.md 'Integrations'), REST door under /api/assets/{id}/integrations/.
export async function integrationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tags = ['integrations'];
  const config = { permissions: [PERMISSIONS.INTEGRATIONS_VIEW] };
  const base = '/api/assets/:id/integrations';
  const asset = z.object({ id: z.string().max(100) });
  const named = z.object({ id: z.string().max(100), name: IntegrationProviderNameSchema });
  const provider = z.object({ id: z.string().max(100), x: IntegrationProviderNameSchema });

  app.get(
    base,
    {
      config,
      schema: {
        tags,
        operationId: 'integrations.list',
        summary: 'Every integration of the asset',
        params: asset,
        response: { 200: oneResponseSchema(z.array(IntegrationRecordSchema)) },
      },
    },
    async (req) => ({ data: await listIntegrations(deps, actorOf(req), req.params.id) }),
  );

  app.get(
    `${base}/logs`,
    {
      config,
      schema: {
        tags,
        operationId: 'integrations.logs',
        summary: 'The latest calls to and from providers (bodies redacted), newest first',
        params: asset,
        querystring: IntegrationLogQuerySchema,
        response: { 200: oneResponseSchema(z.array(IntegrationLogEntrySchema)) },
      },
    },
    async (req) => ({ data: await listIntegrationLogs(deps, actorOf(req), req.params.id, req.query) }),
  );

  app.get(
    `${base}/:name`,
    {
      config,
      schema: {
        tags,
        operationId: 'integrations.get',
        summary: 'One integration (answered even when never set)',
        params: named,
        response: { 200: oneResponseSchema(IntegrationRecordSchema) },
      },
    },
    async (req) => ({ data: await getIntegration(deps, actorOf(req), req.params.id, req.params.name) }),
  );

  // One PATCH per provider, each typed by that provider's own strict schemas.
  for (const name of INTEGRATION_PROVIDER_NAMES) {
    app.patch(
      `${base}/${name}`,
      {
        config,
        schema: {
          tags,
          operationId: `integrations.update${pascal(name)}`,
          summary: `Save ${integrationProviders[name].label}: enabled, config, secrets (null clears, omitted keeps)`,
          params: asset,
          body: isMultiAccountProvider(name) ? integrationAccountPatchSchema(name) : integrationPatchSchema(name),
          response: { 200: oneResponseSchema(IntegrationRecordSchema) },
        },
      },
      async (req) => ({ data: await updateIntegration(deps, actorOf(req), req.params.id, name, req.body) }),
    );
  }

  app.post(
    `${base}/:name/test`,
    {
      config,
      schema: {
        tags,
        operationId: 'integrations.test',
        summary: "Test the provider's credentials with its cheapest authenticated call (one account of Property Finder, or all)",
        params: named,
        querystring: IntegrationTestQuerySchema,
        response: { 200: oneResponseSchema(IntegrationTestResultSchema) },
      },
    },
    async (req) => ({
      data: await testIntegration(deps, actorOf(req), req.params.id, req.params.name, { account: req.query.account }),
    }),
  );

  app.get(
    `${base}/sync-status/:x`,
    {
      config,
      schema: {
        tags,
        operationId: 'integrations.syncStatus',
        summary: 'Sync schedule and latest runs',
        params: provider,
        response: { 200: oneResponseSchema(SyncStatusSchema) },
      },
    },
    async (req) => ({ data: await syncStatus(deps, actorOf(req), req.params.id, req.params.x) }),
  );

  app.get(
    `${base}/modules/:x`,
    {
      config,
      schema: {
        tags,
        operationId: 'integrations.modules',
        summary: 'What the provider synchronises',
        params: provider,
        response: { 200: oneResponseSchema(IntegrationModulesSchema) },
      },
    },
    async (req) => ({ data: await syncModules(deps, actorOf(req), req.params.id, req.params.x) }),
  );

  app.get(
    `${base}/multi-apps/:x`,
    {
      config,
      schema: {
        tags,
        operationId: 'integrations.accounts',
        summary: "The provider's connected accounts",
        params: provider,
        response: { 200: oneResponseSchema(z.array(IntegrationAccountSchema)) },
      },
    },
    async (req) => ({ data: await integrationAccounts(deps, actorOf(req), req.params.id, req.params.x) }),
  );

  app.patch(
    `${base}/synchronization/:x`,
    {
      config,
      schema: {
        tags,
        operationId: 'integrations.synchronization',
        summary: 'Set the sync schedule; runNow starts a run (202)',
        params: provider,
        body: SynchronizationInputSchema,
        response: { 200: oneResponseSchema(SynchronizationResultSchema), 202: oneResponseSchema(SynchronizationResultSchema) },
      },
    },
    async (req, reply) => {
      const result = await updateSynchronization(deps, actorOf(req), req.params.id, req.params.x, req.body);
      return reply.status(result.run ? 202 : 200).send({ data: result });
    },
  );

  app.delete(
    `${base}/propertyfinder/:accountId`,
    {
      config,
      schema: {
        tags,
        operationId: 'integrations.removePropertyFinderAccount',
        summary: 'Remove a Property Finder account: its webhooks unsubscribed, its jobs cancelled, its runs and events removed',
        params: z.object({ id: z.string().max(100), accountId: z.uuid() }),
        response: { 200: oneResponseSchema(IntegrationRecordSchema) },
      },
    },
    async (req) => ({ data: await removeIntegrationAccount(deps, actorOf(req), req.params.id, 'propertyfinder', req.params.accountId) }),
  );
}
