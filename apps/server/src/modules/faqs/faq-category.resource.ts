import { z } from 'zod';
import { PERMISSIONS as P, requiredText } from '@crm/domain';
import { baseFields, field } from '../../resources/resource-fields.js';
import { defineResource } from '../../resources/resource-define.js';

export const FaqCategoryInputSchema = z.strictObject({ name: requiredText('Name is required.', undefined, 200) });

export const faqCategoryResource = defineResource({
  path: 'faqs/categories',
  model: 'faqCategory',
  label: 'FAQ category',
  tag: 'faqs',
  scope: 'asset',
  softDelete: true,
  fields: { ...baseFields({ softDelete: true }), name: field.string() },
  sortable: ['createdAt', 'updatedAt', 'name'],
  defaultSort: { name: 1 },
  search: ['name'],
  create: FaqCategoryInputSchema,
  permissions: { read: [P.FAQS_VIEW], write: [P.FAQS_VIEW], delete: [P.FAQS_VIEW] },
  exportColumns: [
    { header: 'Name', field: 'name' },
    { header: 'Created At', field: 'createdAt' },
  ],
});
