import { resourceProcedures } from '../../resources/resource-procedures.js';
import { router } from '../../trpc/trpc.js';
import { dealDoors } from './deal.calls.js';
import { dealResource } from './deal.resource.js';

// Deals, tRPC door: the generic resource's calls and the declared ones (deal.calls.ts).
export const dealsRouter = router({ ...resourceProcedures(dealResource), ...dealDoors.procedures });
