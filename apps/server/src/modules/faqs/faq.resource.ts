import { faqContract } from '@crm/domain';
import { defineResource } from '../../resources/resource-define.js';

// A new question without an order goes after the asset's last one: the engine's, from the contract's order fact.
export const faqResource = defineResource(faqContract, {
  model: 'faq',
  refs: { category: { model: 'faqCategory' } },
});
