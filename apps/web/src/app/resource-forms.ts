import { customerForm } from '../features/customers/customer-form';
import { customFieldForm } from '../features/custom-fields/custom-field-form';
import { faqCategoryForm } from '../features/faqs/faq-category-form';
import { faqForm } from '../features/faqs/faq-form';
import { departmentForm, groupForm, memberForm } from '../features/team/team-forms';
import type { RegisteredForm } from '../kit/form/ResourceFormsProvider';
import { companyAssetForm } from '../features/admin/company-asset-form';
import { placeForm } from '../features/places/place-form';

/**
 * The forms each feature declares, so a screen may open another resource's form by contract
 * (`<ResourceDrawer contract={customerContract}>` in the lead form) without importing that feature.
 */
export const RESOURCE_FORMS: readonly RegisteredForm[] = [
  customerForm,
  faqForm,
  faqCategoryForm,
  customFieldForm,
  memberForm,
  departmentForm,
  groupForm,
  companyAssetForm,
  placeForm,
];
