import type { ResourceFixture } from '../../resources/resource-fixture.js';

// Test-only: a FAQ for the tests that walk every resource (resources/resource-fixtures.ts lists it).
export const faqFixture: ResourceFixture = {
  create: async (post, n) => ({
    question: `How do I pay ${n}?`,
    answer: 'By bank transfer.',
    order: n,
    enabled: true,
    category: await post('faqs/categories', { name: `Billing ${n}` }),
  }),
  update: { answer: 'By card or bank transfer.', order: 9 },
};
