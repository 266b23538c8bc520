import { FaqInputSchema } from '@crm/domain';
import { describe, expect, it } from 'vitest';
import { orderAnnouncements } from './faq-order-announcements';
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

describe('the FAQ order announcements', () => {
  const questions: Record<string, string> = { a: 'Can I buy?', b: 'Are there fees?' };
  const announce = orderAnnouncements(
    (id) => questions[String(id)] ?? '',
    (id) => (id === 'a' ? 1 : 2),
    2,
  );
  const active = { id: 'a', data: { current: undefined }, rect: { current: { initial: null, translated: null } } };
  const over = {
    id: 'b',
    rect: { width: 0, height: 0, top: 0, left: 0, bottom: 0, right: 0 },
    disabled: false,
    data: { current: undefined },
  };

  it('names the question and its place, not an id', () => {
    expect(announce.onDragStart({ active })).toBe('Picked up Can I buy?, at position 1 of 2.');
    expect(announce.onDragOver({ active, over })).toBe('Can I buy? is over position 2 of 2.');
    expect(announce.onDragEnd({ active, over })).toBe('Can I buy? dropped at position 2 of 2.');
    expect(announce.onDragCancel({ active, over: null })).toBe('Moving Can I buy? was cancelled.');
  });
});
