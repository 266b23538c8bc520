import { faqCategoryContract } from '@crm/domain';
import { defineResource } from '../../resources/resource-define.js';

export const faqCategoryResource = defineResource(faqCategoryContract, { model: 'faqCategory' });
