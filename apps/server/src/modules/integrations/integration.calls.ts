import { integrationCalls } from '@crm/domain';
import { serveCalls } from '../../calls/serve-calls.js';
import { integrationAccounts, removeIntegrationAccount } from './integration-account.service.js';
import { listIntegrationLogs } from './integration-log.js';
import { syncModules, syncStatus, updateSynchronization } from './integration-sync.service.js';
import { testIntegration } from './integration-test.service.js';
import { getIntegration, listIntegrations, updateIntegration } from './integration.service.js';

// An asset's integrations, both doors from the declarations (packages/domain integration.calls.ts): the services take
// the resolved asset (REST: the path's; tRPC: the active one) and the typed input.
export const integrationDoors = serveCalls(integrationCalls, {
  list: ({ deps, actor, asset }) => listIntegrations(deps, actor, asset),
  get: ({ deps, actor, asset, input }) => getIntegration(deps, actor, asset, input.provider),
  update: ({ deps, actor, asset, input }) => updateIntegration(deps, actor, asset, input.provider, input.patch),
  test: ({ deps, actor, asset, input }) => testIntegration(deps, actor, asset, input.provider, { account: input.account }),
  syncStatus: ({ deps, actor, asset, input }) => syncStatus(deps, actor, asset, input.provider),
  modules: ({ deps, actor, asset, input }) => syncModules(deps, actor, asset, input.provider),
  accounts: ({ deps, actor, asset, input }) => integrationAccounts(deps, actor, asset, input.provider),
  removeAccount: ({ deps, actor, asset, input }) => removeIntegrationAccount(deps, actor, asset, input.provider, input.accountId),
  logs: ({ deps, actor, asset, input }) => listIntegrationLogs(deps, actor, asset, input),
  synchronization: ({ deps, actor, asset, input: { provider, ...input } }) => updateSynchronization(deps, actor, asset, provider, input),
});
