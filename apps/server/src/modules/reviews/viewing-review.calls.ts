import { viewingReviewCalls } from '@crm/domain';
import { serveCalls } from '../../calls/serve-calls.js';
import { enforceAuthRateLimit } from '../auth/index.js';
import { disputeViewingReview, resolveViewingReview, viewingReviewAverages } from './viewing-review-dispute.service.js';
import { reviewInvitation, submitViewingReview } from './viewing-review-public.service.js';

// The viewing reviews' declared calls (packages/domain/src/reviews/viewing-review.calls.ts), both doors. The public
// page's two share one per-address budget against link guessing.
export const viewingReviewDoors = serveCalls(viewingReviewCalls, {
  invitation: async ({ deps, input, request, reply }) => {
    await enforceAuthRateLimit(deps, request, 'publicReview', undefined, reply);
    return reviewInvitation(deps, input.token);
  },
  submit: async ({ deps, input, request, reply }) => {
    await enforceAuthRateLimit(deps, request, 'publicReview', undefined, reply);
    return submitViewingReview(deps, input);
  },
  dispute: ({ deps, actor, asset, input }) => disputeViewingReview(deps, actor, asset, input),
  resolve: ({ deps, actor, asset, input }) => resolveViewingReview(deps, actor, asset, input),
  averages: ({ deps, asset, input }) => viewingReviewAverages(deps, asset, input),
});
