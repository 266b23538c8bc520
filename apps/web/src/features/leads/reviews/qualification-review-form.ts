import { type ContractRecord, qualificationReviewContract } from '@crm/domain';
import { defineResourceForm, type ResourceFormSpec } from '../../../kit/form/form-spec';
import { QualificationReviewFields } from './QualificationReviewFields';

// A lead's qualification review (docs/product.md 'Qualification reviews'): the lead is the page's; its customer,
// agent and subject are the server's, from the lead.

type Reviews = typeof qualificationReviewContract;

export function qualificationReviewFormFor(leadId: string): ResourceFormSpec<Reviews> {
  return defineResourceForm({
    contract: qualificationReviewContract,
    Fields: QualificationReviewFields,
    defaults: () => ({ lead: leadId, status: 'Completed' }),
    fromRecord: (review: ContractRecord<Reviews>) => ({
      rating: review.rating,
      category: review.category,
      feedback: review.feedback,
      status: review.status,
    }),
    updateBody: ({ lead: _lead, ...rest }: Record<string, unknown>) => rest,
  });
}
