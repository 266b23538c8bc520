import { z } from 'zod';
import { defineCall, defineCalls, restDoor } from '../calls/define-call.js';
import { oneResponseSchema } from '../list/list-response.schema.js';
import { INTEGRATION_PROVIDER_NAMES, integrationProviders, type IntegrationProviderName } from './integration-providers.js';
import {
  IntegrationAccountSchema,
  IntegrationModulesSchema,
  IntegrationProviderNameSchema,
  IntegrationRecordSchema,
  IntegrationTestInputSchema,
  IntegrationTestQuerySchema,
  IntegrationTestResultSchema,
  IntegrationUpdateInputSchema,
  integrationAccountPatchSchema,
  integrationPatchSchema,
  isMultiAccountProvider,
  SynchronizationInputSchema,
  SynchronizationResultSchema,
  SyncStatusSchema,
} from './integration.schemas.js';
import { IntegrationLogEntrySchema, IntegrationLogQuerySchema } from './portal-leads.js';
import { ASSET_INTEGRATIONS_PATH as base, INTEGRATIONS_ACCESS as access, INTEGRATIONS_TAG as tag } from './provider-call-parts.js';

// An asset's integrations (SPEC section 7, docs/api.md 'Integrations'): REST under /api/assets/{id}/integrations/
// (the asset its path names), tRPC `integrations.*` in the active asset. The providers' own calls are theirs
// (messaging.calls.ts, marketing.calls.ts); the webhook intake stays hand-written.

const common = { tag, access, scope: 'asset' } as const;
const AssetParams = z.object({ id: z.string().max(100) });
const NamedParams = z.object({ id: z.string().max(100), name: IntegrationProviderNameSchema });
const ProviderParams = z.object({ id: z.string().max(100), x: IntegrationProviderNameSchema });
const ProviderInput = z.strictObject({ provider: IntegrationProviderNameSchema });
const inAsset = { assetParam: 'id' } as const;

const list = defineCall({
  ...common,
  operationId: 'integrations.list',
  summary: 'Every integration of the asset',
  kind: 'query',
  output: z.array(IntegrationRecordSchema),
  rest: { method: 'GET', path: base, params: AssetParams, ...inAsset, envelope: 'data' },
});

const logs = defineCall({
  ...common,
  operationId: 'integrations.logs',
  summary: 'The latest calls to and from providers (bodies redacted), newest first',
  kind: 'query',
  input: IntegrationLogQuerySchema,
  output: z.array(IntegrationLogEntrySchema),
  rest: {
    method: 'GET',
    path: `${base}/logs`,
    params: AssetParams,
    query: IntegrationLogQuerySchema,
    ...inAsset,
    envelope: 'data',
    toInput: ({ query }) => query,
  },
});

const get = defineCall({
  ...common,
  operationId: 'integrations.get',
  summary: 'One integration (answered even when never set)',
  kind: 'query',
  input: ProviderInput,
  output: IntegrationRecordSchema,
  rest: {
    method: 'GET',
    path: `${base}/:name`,
    params: NamedParams,
    ...inAsset,
    envelope: 'data',
    toInput: ({ params }) => ({ provider: params.name }),
  },
});

/** `cencorp-link` -> `CencorpLink`, for the operationId `integrations.updateCencorpLink`. */
const pascal = (name: string) => name.replace(/(^|-)(\w)/g, (_match, _dash, letter: string) => letter.toUpperCase());

/** One REST PATCH per provider, each typed by that provider's own strict schemas; one tRPC procedure for all. */
const updateDoor = (name: IntegrationProviderName) =>
  restDoor(IntegrationUpdateInputSchema, {
    operationId: `integrations.update${pascal(name)}`,
    summary: `Save ${integrationProviders[name].label}: enabled, config, secrets (null clears, omitted keeps)`,
    method: 'PATCH',
    path: `${base}/${name}`,
    params: AssetParams,
    body: (isMultiAccountProvider(name) ? integrationAccountPatchSchema(name) : integrationPatchSchema(name)) as z.ZodType,
    ...inAsset,
    envelope: 'data',
    // The provider's body was parsed by its own schema; the service parses it again by the provider it names.
    toInput: ({ body }) => ({ provider: name, patch: body as z.output<typeof IntegrationUpdateInputSchema>['patch'] }),
  });
const [firstName, ...otherNames] = INTEGRATION_PROVIDER_NAMES;
const firstDoor = updateDoor(firstName);

const update = defineCall({
  ...common,
  operationId: firstDoor.operationId,
  summary: firstDoor.summary,
  kind: 'mutation',
  input: IntegrationUpdateInputSchema,
  output: IntegrationRecordSchema,
  rest: {
    method: 'PATCH',
    path: firstDoor.path,
    params: AssetParams,
    body: firstDoor.body,
    ...inAsset,
    envelope: 'data',
    toInput: (parts) => firstDoor.toInput(parts),
  },
  restAlso: otherNames.map(updateDoor),
});

const test = defineCall({
  ...common,
  operationId: 'integrations.test',
  summary: "Test the provider's credentials with its cheapest authenticated call (one account of Property Finder, or all)",
  kind: 'mutation',
  input: IntegrationTestInputSchema,
  output: IntegrationTestResultSchema,
  rest: {
    method: 'POST',
    path: `${base}/:name/test`,
    params: NamedParams,
    query: IntegrationTestQuerySchema,
    ...inAsset,
    envelope: 'data',
    toInput: ({ params, query }) => ({ provider: params.name, ...(query.account ? { account: query.account } : {}) }),
  },
});

const byProvider = (path: string) =>
  ({ method: 'GET', path: `${base}/${path}/:x`, params: ProviderParams, ...inAsset, envelope: 'data' }) as const;

const syncStatus = defineCall({
  ...common,
  operationId: 'integrations.syncStatus',
  summary: 'Sync schedule and latest runs',
  kind: 'query',
  input: ProviderInput,
  output: SyncStatusSchema,
  rest: { ...byProvider('sync-status'), toInput: ({ params }) => ({ provider: params.x }) },
});

const modules = defineCall({
  ...common,
  operationId: 'integrations.modules',
  summary: 'What the provider synchronises',
  kind: 'query',
  input: ProviderInput,
  output: IntegrationModulesSchema,
  rest: { ...byProvider('modules'), toInput: ({ params }) => ({ provider: params.x }) },
});

const accounts = defineCall({
  ...common,
  operationId: 'integrations.accounts',
  summary: "The provider's connected accounts",
  kind: 'query',
  input: ProviderInput,
  output: z.array(IntegrationAccountSchema),
  rest: { ...byProvider('multi-apps'), toInput: ({ params }) => ({ provider: params.x }) },
});

const synchronization = defineCall({
  ...common,
  operationId: 'integrations.synchronization',
  summary: 'Set the sync schedule; runNow starts a run (202)',
  kind: 'mutation',
  input: SynchronizationInputSchema.extend({ provider: IntegrationProviderNameSchema }),
  output: SynchronizationResultSchema,
  rest: {
    method: 'PATCH',
    path: `${base}/synchronization/:x`,
    params: ProviderParams,
    body: SynchronizationInputSchema,
    ...inAsset,
    envelope: 'data',
    toInput: ({ params, body }) => ({ ...body, provider: params.x }),
    // A run queued answers 202.
    outcome: {
      statuses: [200, 202],
      answer: oneResponseSchema(SynchronizationResultSchema),
      statusOf: (output) => (output.run ? 202 : 200),
    },
  },
});

const removeAccount = defineCall({
  ...common,
  operationId: 'integrations.removePropertyFinderAccount',
  summary: 'Remove a Property Finder account: its webhooks unsubscribed, its jobs cancelled, its runs and events removed',
  kind: 'mutation',
  input: z.strictObject({ provider: z.literal('propertyfinder'), accountId: z.uuid() }),
  output: IntegrationRecordSchema,
  rest: {
    method: 'DELETE',
    path: `${base}/propertyfinder/:accountId`,
    params: z.object({ id: z.string().max(100), accountId: z.uuid() }),
    ...inAsset,
    envelope: 'data',
    toInput: ({ params }) => ({ provider: 'propertyfinder' as const, accountId: params.accountId }),
  },
});

export const integrationCalls = defineCalls('integrations', {
  list,
  get,
  update,
  test,
  syncStatus,
  modules,
  accounts,
  removeAccount,
  logs,
  synchronization,
});
