import { resourceProcedures } from '../../resources/resource-procedures.js';
import { router } from '../../trpc/trpc.js';
import { faqCategoryResource } from './faq-category.resource.js';
import { faqResource } from './faq.resource.js';

// `faqs.reorder` comes with the generic procedures: the FAQ contract's order fact.
export const faqsRouter = router(resourceProcedures(faqResource));
export const faqCategoriesRouter = router(resourceProcedures(faqCategoryResource));
