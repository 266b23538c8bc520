import type { FastifyInstance } from 'fastify';
import type { ServerModule } from '../module.js';
import { dncrCheckJob } from './dncr-check.job.js';
import { integrationSyncJob } from './integration-sync.job.js';
import { integrationRoutes } from './integrations.routes.js';
import { partnerLeadJob } from './partner-lead.job.js';
import { partnerWebhookRoutes } from './partner-webhook.routes.js';

async function routes(app: FastifyInstance) {
  await integrationRoutes(app);
  await partnerWebhookRoutes(app);
}

export const integrationsModule: ServerModule = { name: 'integrations', routes, jobs: [integrationSyncJob, partnerLeadJob, dncrCheckJob] };
