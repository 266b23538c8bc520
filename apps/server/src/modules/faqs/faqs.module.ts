import type { ServerModule } from '../module.js';
import { faqCategoryResource } from './faq-category.resource.js';
import { faqResource } from './faq.resource.js';

// Every FAQ call is the engine's, the reorder too (the contract's order fact).
export const faqsModule: ServerModule = {
  name: 'faqs',
  openapiTag: { name: 'faqs', description: 'FAQ questions and their categories' },
  resources: [faqResource, faqCategoryResource],
};
