import { FaqOrderInputSchema, FaqOrderResultSchema } from '@crm/domain';
import { resourceProcedures } from '../../resources/resource-procedures.js';
import { protectedProcedure, router } from '../../trpc/trpc.js';
import { faqCategoryResource } from './faq-category.resource.js';
import { reorderFaqs } from './faq-order.service.js';
import { faqResource } from './faq.resource.js';

export const faqsRouter = router({
  ...resourceProcedures(faqResource),
  reorder: protectedProcedure
    .input(FaqOrderInputSchema)
    .output(FaqOrderResultSchema)
    .mutation(async ({ ctx, input }) => ({ data: await reorderFaqs({ deps: ctx.deps, actor: ctx.actor }, input) })),
});
export const faqCategoriesRouter = router(resourceProcedures(faqCategoryResource));
