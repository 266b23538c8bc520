import type { ServerModule } from '../module.js';
import { integrationSyncJob } from './integration-sync.job.js';
import { integrationRoutes } from './integrations.routes.js';

export const integrationsModule: ServerModule = { name: 'integrations', routes: integrationRoutes, jobs: [integrationSyncJob] };
