import type { ServerModule } from '../module.js';
import { apiKeyResource } from './api-key.resource.js';
import { apiKeyRoutes } from './api-keys.routes.js';

export const apiKeysModule: ServerModule = {
  name: 'api-keys',
  openapiTag: { name: 'api-keys', description: "The company's keys for server-to-server calls, per asset (docs/api.md 'API keys')" },
  routes: apiKeyRoutes,
  resources: [apiKeyResource],
};
