import { type ContractRecord, faqCategoryContract } from '@crm/domain';
import { defineResourceForm } from '../../kit/form/form-spec';
import { FaqCategoryFormFields } from './FaqCategoryFormFields';

// The FAQ category form: a name, checked with the contract's schema in the browser and again on the server.

export const faqCategoryForm = defineResourceForm({
  contract: faqCategoryContract,
  Fields: FaqCategoryFormFields,
  defaults: () => ({ name: '' }),
  fromRecord: (category: ContractRecord<typeof faqCategoryContract>) => ({ name: category.name }),
});
