import { faqContract } from '@crm/domain';
import { defineResource } from '../../resources/resource-define.js';

export const faqResource = defineResource(faqContract, { model: 'faq', refs: { category: { model: 'faqCategory' } } });
