import { apiKeyContract } from '@crm/domain';
import { defineResource } from '../../resources/resource-define.js';

// The engine serves the lists of API keys (GET api-keys, search, count, by id); create and revoke are the module's
// own calls (api-keys.routes.ts), since the secret is answered once and never stored.
export const apiKeyResource = defineResource(apiKeyContract, { model: 'apiKey', tag: 'api-keys' });
