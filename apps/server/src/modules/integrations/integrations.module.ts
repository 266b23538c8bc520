import type { FastifyInstance } from 'fastify';
import type { ServerModule } from '../module.js';
import { dncrCheckJob } from './dncr-check.job.js';
import { integrationSyncJob } from './integration-sync.job.js';
import { integrationRoutes } from './integrations.routes.js';
import { partnerLeadJob } from './partner-lead.job.js';
import { partnerWebhookRoutes } from './partner-webhook.routes.js';
import { intercomContactPushJob } from './providers/intercom/intercom-contact-push.job.js';
import { messagingRoutes } from './providers/messaging.routes.js';
import { whatsAppEventJob } from './providers/whatsapp/whatsapp-event.job.js';
import { whatsAppTriggerJob } from './providers/whatsapp/whatsapp-trigger.job.js';
import { integrationLogPruneJob, portalPollJob, startPropertyFinderPolls } from './portal-poll.job.js';

async function routes(app: FastifyInstance) {
  await integrationRoutes(app);
  await partnerWebhookRoutes(app);
  await messagingRoutes(app);
}

export const integrationsModule: ServerModule = {
  name: 'integrations',
  routes,
  jobs: [
    integrationSyncJob,
    partnerLeadJob,
    portalPollJob,
    integrationLogPruneJob,
    dncrCheckJob,
    whatsAppEventJob,
    whatsAppTriggerJob,
    intercomContactPushJob,
  ],
  // Property Finder's lead polls and the log prune are (re-)registered where the workers run.
  startWorkers: (deps) => startPropertyFinderPolls(deps),
};
