import { apiKeyCalls } from '@crm/domain';
import { serveCalls } from '../../calls/serve-calls.js';
import { createApiKey, revokeApiKey } from './api-key.service.js';

// API keys' declared calls (packages/domain/src/api-keys/api-key.calls.ts), both doors from these handlers.
export const apiKeyDoors = serveCalls(apiKeyCalls, {
  create: ({ deps, actor, asset, input }) => createApiKey(deps, actor, asset, input),
  revoke: ({ deps, actor, asset, input }) => revokeApiKey(deps, actor, asset, input.id),
});
