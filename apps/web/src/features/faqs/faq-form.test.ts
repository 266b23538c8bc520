import { FaqInputSchema } from '@crm/domain';
import { describe, expect, it } from 'vitest';
import { faqDefaults, toFaqBody } from './faq-form';

const CATEGORY = '0b7c4a5e-0000-4000-8000-0000000000c1';

describe('the FAQ form', () => {
  it('leaves an empty order out (the server puts the question last) and sends no category as null', () => {
    const body = toFaqBody({ ...faqDefaults(), question: 'Q?', answer: 'A' });
    expect(body).toEqual({ question: 'Q?', answer: 'A', category: null, enabled: true });
    expect(FaqInputSchema.safeParse(body).success).toBe(true);
    expect(toFaqBody({ question: 'Q?', answer: 'A', category: CATEGORY, order: 3 })).toEqual({
      question: 'Q?',
      answer: 'A',
      category: CATEGORY,
      order: 3,
    });
  });
});
