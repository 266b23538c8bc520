import type { ServerModule } from '../module.js';
import { apiKeyResource } from './api-key.resource.js';
import { apiKeyRoutes } from './api-keys.routes.js';

export const apiKeysModule: ServerModule = { name: 'api-keys', routes: apiKeyRoutes, resources: [apiKeyResource] };
