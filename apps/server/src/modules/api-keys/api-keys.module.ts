import type { ServerModule } from '../module.js';
import { apiKeyDoors } from './api-key.calls.js';
import { apiKeyResource } from './api-key.resource.js';

export const apiKeysModule: ServerModule = { name: 'api-keys', calls: [apiKeyDoors], resources: [apiKeyResource] };
