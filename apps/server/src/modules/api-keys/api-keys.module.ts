import type { ServerModule } from '../module.js';
import { apiKeyDoors } from './api-key.calls.js';
import { apiKeyResource } from './api-key.resource.js';

export const apiKeysModule: ServerModule = {
  name: 'api-keys',
  openapiTag: { name: 'api-keys', description: "The company's keys for server-to-server calls, per asset (docs/api.md 'API keys')" },
  calls: [apiKeyDoors],
  resources: [apiKeyResource],
};
