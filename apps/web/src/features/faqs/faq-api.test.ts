import type { faqCategoryContract, faqContract } from '@crm/domain';
import { describe, expectTypeOf, it } from 'vitest';
import type { RouterOutputs } from '../../app/trpc';
import type { ListAnswer, RecordAnswer } from '../../kit/resource/resource-api';

// The FAQ screens reach their procedures through the kit by contract name; these checks run in the typecheck and
// fail to compile if a router answered something else than its contract says.

type Faqs = typeof faqContract;
type Categories = typeof faqCategoryContract;

describe("the FAQs' typed procedures", () => {
  it('are the routers own', () => {
    expectTypeOf<RouterOutputs['faqs']['list']>().toEqualTypeOf<ListAnswer<Faqs>>();
    expectTypeOf<RouterOutputs['faqs']['search']>().toEqualTypeOf<ListAnswer<Faqs>>();
    expectTypeOf<RouterOutputs['faqs']['update']>().toEqualTypeOf<RecordAnswer<Faqs>>();
    expectTypeOf<RouterOutputs['faqCategories']['search']>().toEqualTypeOf<ListAnswer<Categories>>();
    expectTypeOf<RouterOutputs['faqCategories']['create']>().toEqualTypeOf<RecordAnswer<Categories>>();
  });
});
