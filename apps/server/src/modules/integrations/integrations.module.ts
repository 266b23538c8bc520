import type { FastifyInstance } from 'fastify';
import type { ServerModule } from '../module.js';
import { feedSnapshotJob } from './feed-snapshot.job.js';
import { integrationLogPruneJob, scheduleIntegrationLogPrune } from './integration-log-prune.job.js';
import { integrationDoors } from './integration.calls.js';
import { partnerLeadJob } from './partner-lead.job.js';
import { partnerWebhookRoutes } from './partner-webhook.routes.js';
import {
  providerCalls,
  providerJobs,
  providerOpenapiTags,
  providerResources,
  providerRoutes,
  providerSubscribers,
  providerWorkers,
} from './providers/provider-registry.js';
import { providerSyncJobs } from './sync/provider-sync.job.js';
import { startSyncSchedules } from './sync/sync-queue.js';

// The integrations: the platform's own calls, webhook and jobs, and every provider's parts, read from the provider
// registry (providers/provider-registry.ts), so register.ts lists this module alone for all of them.

async function routes(app: FastifyInstance) {
  await partnerWebhookRoutes(app);
  // Each in its own plugin scope, as when each provider group was a module of its own.
  for (const routesOfProvider of providerRoutes()) await app.register(routesOfProvider);
}

export const integrationsModule: ServerModule = {
  name: 'integrations',
  openapiTag: {
    name: 'integrations',
    description: "An asset's third-party integrations, their secrets and sync (docs/api.md 'Integrations')",
  },
  providedTags: providerOpenapiTags(),
  routes,
  calls: [integrationDoors, ...providerCalls()],
  resources: providerResources(),
  jobs: [...Object.values(providerSyncJobs()), partnerLeadJob, integrationLogPruneJob, feedSnapshotJob, ...providerJobs()],
  subscribers: providerSubscribers(),
  // Every scheduled sync, the log prune and each provider's own start-up (Property Finder's lead polls) are
  // (re-)registered where the workers run.
  startWorkers: async (deps) => {
    await startSyncSchedules(deps);
    const stops: (() => void)[] = [];
    for (const start of providerWorkers()) stops.push(await start(deps));
    await scheduleIntegrationLogPrune(deps);
    return () => {
      for (const stop of stops) stop();
    };
  },
};
