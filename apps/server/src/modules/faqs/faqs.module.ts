import type { ServerModule } from '../module.js';
import { faqCategoryResource } from './faq-category.resource.js';
import { faqResource } from './faq.resource.js';
import { faqRoutes } from './faqs.routes.js';

export const faqsModule: ServerModule = {
  name: 'faqs',
  openapiTag: { name: 'faqs', description: 'FAQ questions and their categories' },
  routes: faqRoutes,
  resources: [faqResource, faqCategoryResource],
};
