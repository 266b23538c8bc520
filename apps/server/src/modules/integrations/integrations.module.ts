import type { FastifyInstance } from 'fastify';
import type { ServerModule } from '../module.js';
import { CUSTOMER_WRITTEN_SUBSCRIBERS } from './customer-written.subscribers.js';
import { dncrCheckJob } from './dncr-check.job.js';
import { LEAD_EVENT_SUBSCRIBERS } from './lead-events.subscribers.js';
import { integrationRoutes } from './integrations.routes.js';
import { partnerLeadJob } from './partner-lead.job.js';
import { partnerWebhookRoutes } from './partner-webhook.routes.js';
import { feedSnapshotJob } from './feed-snapshot.job.js';
import { integrationLogPruneJob, portalPollJob, startPropertyFinderPolls } from './portal-poll.job.js';
import { pfAccountSetupJob } from './providers/propertyfinder/pf-account-setup.job.js';
import { PROVIDER_SYNC_JOBS } from './sync/provider-sync.job.js';
import { startSyncSchedules } from './sync/sync-queue.js';

async function routes(app: FastifyInstance) {
  await integrationRoutes(app);
  await partnerWebhookRoutes(app);
}

export const integrationsModule: ServerModule = {
  name: 'integrations',
  openapiTag: {
    name: 'integrations',
    description: "An asset's third-party integrations, their secrets and sync (docs/api.md 'Integrations')",
  },
  routes,
  jobs: [
    ...Object.values(PROVIDER_SYNC_JOBS),
    partnerLeadJob,
    portalPollJob,
    integrationLogPruneJob,
    dncrCheckJob,
    feedSnapshotJob,
    pfAccountSetupJob,
  ],
  subscribers: [...CUSTOMER_WRITTEN_SUBSCRIBERS, ...LEAD_EVENT_SUBSCRIBERS],
  // Property Finder's lead polls, every scheduled sync and the log prune are (re-)registered where the workers run.
  startWorkers: async (deps) => {
    await startSyncSchedules(deps);
    return startPropertyFinderPolls(deps);
  },
};
