import {
  LEAD_CALL_PERMISSIONS,
  LeadExportJobIdInputSchema,
  LeadExportJobInputSchema,
  LeadExportJobSchema,
  oneResponseSchema,
} from '@crm/domain';
import { permissionProcedure } from '../../trpc/trpc.js';
import { createLeadExportJob, getLeadExportJob } from './lead-export-job.service.js';

// The export jobs' tRPC door (spread into lead.router.ts): the same services as lead-export.routes.ts. The
// file itself is a download (GET export-jobs/{id}/download): tRPC does not stream files.
const read = permissionProcedure([...LEAD_CALL_PERMISSIONS.read]);
const jobAnswer = oneResponseSchema(LeadExportJobSchema);

export const leadExportProcedures = {
  exportJobCreate: read
    .input(LeadExportJobInputSchema)
    .output(jobAnswer)
    .mutation(async ({ ctx, input }) => ({ data: await createLeadExportJob(ctx.deps, ctx.actor, input, ctx.req.timezone) })),
  exportJob: read
    .input(LeadExportJobIdInputSchema)
    .output(jobAnswer)
    .query(async ({ ctx, input }) => ({ data: await getLeadExportJob(ctx.deps, ctx.actor, input.id) })),
};
