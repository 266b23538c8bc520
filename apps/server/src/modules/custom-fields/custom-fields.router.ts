import { CustomFieldOrderInputSchema, CustomFieldOrderResultSchema } from '@crm/domain';
import { resourceProcedures } from '../../resources/resource-procedures.js';
import { protectedProcedure, router } from '../../trpc/trpc.js';
import { reorderCustomFields } from './custom-field-order.service.js';
import { customFieldResource } from './custom-field.resource.js';

export const customFieldsRouter = router({
  ...resourceProcedures(customFieldResource),
  reorder: protectedProcedure
    .input(CustomFieldOrderInputSchema)
    .output(CustomFieldOrderResultSchema)
    .mutation(async ({ ctx, input }) => ({ data: await reorderCustomFields({ deps: ctx.deps, actor: ctx.actor }, input) })),
});
