import { EnvelopeResponseSchema, EnvelopeSendInputSchema, PERMISSIONS as P } from '@crm/domain';
import { resourceProcedures } from '../../../../resources/resource-procedures.js';
import { permissionProcedure, router } from '../../../../trpc/trpc.js';
import { sendForSignature } from './envelope.service.js';
import { envelopeResource } from './envelope.resource.js';

export const envelopesRouter = router({
  ...resourceProcedures(envelopeResource),
  send: permissionProcedure([P.LEAD_UPDATE])
    .input(EnvelopeSendInputSchema)
    .output(EnvelopeResponseSchema)
    .mutation(async ({ ctx, input }) => ({
      data: EnvelopeResponseSchema.shape.data.parse(await sendForSignature(ctx.deps, ctx.actor, input)),
    })),
});
