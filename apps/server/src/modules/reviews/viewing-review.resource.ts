import { PERMISSIONS as P, viewingReviewContract } from '@crm/domain';
import { actorCan } from '../../core/authorization.js';
import { defineResource } from '../../resources/resource-define.js';

// Viewing reviews (reviews/viewings): read through the engine (list, filters, export, both doors); written only by
// the public review page and the dispute calls (viewing-review-*.service.ts).
export const viewingReviewResource = defineResource(viewingReviewContract, {
  model: 'viewingReview',
  tag: 'reviews',
  // The report's readers see every review of the asset; an agent, those of their own viewings.
  visibleRows: (actor) => (actorCan(actor, [P.VIEWING_REVIEWS_REPORT_VIEW]) ? null : { agent: { userId: actor.userId } }),
});
