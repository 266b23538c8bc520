import type { ServerModule } from '../module.js';
import { healthRoutes } from './health.routes.js';

export const healthModule: ServerModule = {
  name: 'health',
  openapiTag: { name: 'health', description: 'Liveness and readiness' },
  routes: healthRoutes,
};
