import { LEAD_CALL_PERMISSIONS, LeadIdInputSchema, LeadRecordSchema } from '@crm/domain';
import { resourceProcedures } from '../../resources/resource-procedures.js';
import { permissionProcedure, router } from '../../trpc/trpc.js';
import { leadDoors } from './lead.calls.js';
import { leadResource } from './lead.resource.js';
import { getLead } from './lead-queries.service.js';

// Leads, tRPC door: the generic resource's read side, then the lead engine's declared calls (lead.calls.ts),
// overriding its writes.
export const leadsRouter = router({
  ...resourceProcedures(leadResource),
  /**
   * The lead page's lead (its populates and SLA stage), the record itself rather than `{ data }`: it overrides the
   * generic `byId`, whose REST door (GET {id}) is the resource's, so it has no call of its own to declare.
   */
  byId: permissionProcedure([...LEAD_CALL_PERMISSIONS.read])
    .input(LeadIdInputSchema)
    .output(LeadRecordSchema)
    .query(({ ctx, input }) => getLead(ctx.deps, ctx.actor, ctx.assetId, input.id)),
  ...leadDoors.procedures,
});
