import { z } from 'zod';
import { MESSAGES } from '../messages/messages.js';
import { PERMISSIONS as P } from '../permissions/permission-codes.js';
import { baseFields, f, pickFields } from '../resources/fields.js';
import { defineContract, rel } from '../resources/contract.js';
import { optionalId, requiredText } from '../validation/zod-helpers.js';

const M = MESSAGES.record;
const FAQ_PERMISSIONS = { read: [P.FAQS_VIEW], create: [P.FAQS_VIEW], update: [P.FAQS_VIEW], delete: [P.FAQS_VIEW] } as const;

export const faqCategoryFields = {
  ...baseFields({ softDelete: true }),
  name: f.string({ label: 'Name', sortable: true, searchable: true }),
};

export const FaqCategoryInputSchema = z.strictObject({ name: requiredText(M.required('Name'), undefined, 200) });

export const faqCategoryContract = defineContract({
  name: 'faqCategories',
  path: 'faqs/categories',
  label: { one: 'FAQ category', many: 'FAQ categories' },
  scope: 'asset',
  softDelete: true,
  fields: faqCategoryFields,
  defaultSort: { field: 'name', direction: 1 },
  exportColumns: ['name', 'createdAt'],
  create: FaqCategoryInputSchema,
  permissions: FAQ_PERMISSIONS,
});

/** The largest `order` a question may have (questions are shown by order, then by age). */
export const FAQ_MAX_ORDER = 1_000_000;

export const faqFields = {
  ...baseFields({ softDelete: true }),
  question: f.string({ label: 'Question', sortable: true, searchable: true }),
  answer: f.string({ label: 'Answer', searchable: true }),
  enabled: f.boolean({ label: 'Enabled', distinct: true }),
  order: f.int({ label: 'Order', sortable: true }),
  category: f.ref('faqCategories', { label: 'Category' }),
};

export const FaqInputSchema = z.strictObject({
  question: requiredText(M.required('Question'), undefined, 1000),
  answer: requiredText(M.required('Answer'), undefined, 20_000),
  enabled: z.boolean().optional(),
  order: z.number().int().min(0).max(FAQ_MAX_ORDER).optional(),
  category: optionalId('Category'),
});
export type FaqInput = z.infer<typeof FaqInputSchema>;

export const faqContract = defineContract({
  name: 'faqs',
  path: 'faqs/questions',
  label: { one: 'FAQ', many: 'FAQs' },
  scope: 'asset',
  softDelete: true,
  fields: faqFields,
  relations: { category: rel.one('faqCategories', pickFields(faqCategoryFields, ['_id', 'name']), { label: 'Category' }) },
  defaultSort: { field: 'order', direction: 1 },
  exportColumns: ['question', 'answer', 'category.name', 'enabled', 'order'],
  create: FaqInputSchema,
  permissions: FAQ_PERMISSIONS,
  // PATCH faqs/questions/order: the FAQ screen's drag and drop, one list per asset.
  order: { field: 'order', names: { one: 'question', many: 'questions', within: 'asset' } },
});
