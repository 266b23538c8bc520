import { router } from '../../trpc/trpc.js';
import { integrationDoors } from './integration.calls.js';
import { providerProcedures } from './providers/provider-registry.js';

// Integrations, the tRPC doors of the declared calls (integration.calls.ts and the providers'), in the active asset.
export const integrationsRouter = router({ ...providerProcedures(), ...integrationDoors.procedures });
