import type { FastifyInstance } from 'fastify';
import type { ServerModule } from '../module.js';
import { dncrCheckJob } from './dncr-check.job.js';
import { integrationSyncJob } from './integration-sync.job.js';
import { integrationRoutes } from './integrations.routes.js';
import { partnerLeadJob } from './partner-lead.job.js';
import { partnerWebhookRoutes } from './partner-webhook.routes.js';
import { integrationLogPruneJob, portalPollJob, startPropertyFinderPolls } from './portal-poll.job.js';

async function routes(app: FastifyInstance) {
  await integrationRoutes(app);
  await partnerWebhookRoutes(app);
}

export const integrationsModule: ServerModule = {
  name: 'integrations',
  routes,
  jobs: [integrationSyncJob, partnerLeadJob, portalPollJob, integrationLogPruneJob, dncrCheckJob],
  // Property Finder's lead polls and the log prune are (re-)registered where the workers run.
  startWorkers: (deps) => startPropertyFinderPolls(deps),
};
