import { type ContractRecord, type FaqInput, faqContract } from '@crm/domain';
import { defineResourceForm, type ResourceFormValues } from '../../kit/form/form-spec';
import { refIdOf } from '../../kit/resource/refs';
import { FaqFormFields } from './FaqFormFields';

// The FAQ question form: question, answer, category, enabled and order. A new question without an order goes
// after the asset's last one (the server's rule); the Order tab changes it by drag and drop.

type Faqs = typeof faqContract;

export function faqDefaults(): ResourceFormValues<Faqs> {
  return { question: '', answer: '', category: null, enabled: true };
}

export function faqRecordToForm(faq: ContractRecord<Faqs>): ResourceFormValues<Faqs> {
  return { question: faq.question, answer: faq.answer, category: refIdOf(faq.category) ?? null, enabled: faq.enabled, order: faq.order };
}

/** No category is null; an order left empty is not sent. */
export function toFaqBody<T extends Partial<FaqInput>>(values: T): T {
  const { order, ...rest } = values;
  return { ...rest, category: values.category ? values.category : null, ...(typeof order === 'number' ? { order } : {}) } as T;
}

export const faqForm = defineResourceForm({
  contract: faqContract,
  Fields: FaqFormFields,
  defaults: faqDefaults,
  fromRecord: faqRecordToForm,
  createBody: toFaqBody,
  updateBody: toFaqBody,
});
