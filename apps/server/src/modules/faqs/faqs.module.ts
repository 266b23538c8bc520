import type { ServerModule } from '../module.js';
import { faqCategoryResource } from './faq-category.resource.js';
import { faqResource } from './faq.resource.js';

export const faqsModule: ServerModule = { name: 'faqs', resources: [faqResource, faqCategoryResource] };
