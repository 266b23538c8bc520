import { resourceProcedures } from '../../resources/resource-procedures.js';
import { router } from '../../trpc/trpc.js';
import { apiKeyDoors } from './api-key.calls.js';
import { apiKeyResource } from './api-key.resource.js';

// API keys, tRPC door: the generic resource's read side and the declared calls (api-key.calls.ts).
export const apiKeysRouter = router({ ...resourceProcedures(apiKeyResource), ...apiKeyDoors.procedures });
