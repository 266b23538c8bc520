import { z } from 'zod';
import { PERMISSIONS as P, optionalId, requiredText } from '@crm/domain';
import { baseFields, field } from '../../resources/resource-fields.js';
import { defineResource } from '../../resources/resource-define.js';

export const FaqInputSchema = z.strictObject({
  question: requiredText('Question is required.', undefined, 1000),
  answer: requiredText('Answer is required.', undefined, 20_000),
  enabled: z.boolean().optional(),
  order: z.number().int().min(0).max(1_000_000).optional(),
  category: optionalId('Category'),
});

export const faqResource = defineResource({
  path: 'faqs/questions',
  model: 'faq',
  label: 'FAQ',
  tag: 'faqs',
  scope: 'asset',
  softDelete: true,
  fields: {
    ...baseFields({ softDelete: true }),
    question: field.string(),
    answer: field.string(),
    enabled: field.boolean(),
    order: field.int(),
    category: field.ref('faqCategory', 'Category', { column: 'categoryId' }),
  },
  sortable: ['order', 'createdAt', 'updatedAt', 'question'],
  defaultSort: { order: 1 },
  search: ['question', 'answer'],
  populate: { category: { relation: 'category', fields: { _id: field.uuid({ column: 'id' }), name: field.string() } } },
  create: FaqInputSchema,
  permissions: { read: [P.FAQS_VIEW], write: [P.FAQS_VIEW], delete: [P.FAQS_VIEW] },
  exportColumns: [
    { header: 'Question', field: 'question' },
    { header: 'Answer', field: 'answer' },
    { header: 'Category', field: 'category.name' },
    { header: 'Enabled', field: 'enabled' },
    { header: 'Order', field: 'order' },
  ],
});
