import { isWonStage } from '@crm/domain';
import { defineSubscriber } from '../../../../core/events/domain-event.types.js';
import { withJobs } from '../../lead-event-batches.js';
import { queueReviewInvitation } from './trustpilot-invite.job.js';

/**
 * A deal won: the customer's review invitation, if Trustpilot invites then (docs/api.md 'Trustpilot'). Once per
 * customer and trigger: the invitation's job id and row are its natural key.
 */
export const trustpilotOnDealWon = defineSubscriber({
  name: 'lead-trustpilot-deal-won',
  event: 'lead.stage_changed',
  handle: async (deps, { payload }) => {
    if (!isWonStage(payload.stage) || isWonStage(payload.previousStage)) return;
    await queueReviewInvitation(withJobs(deps), {
      assetId: payload.assetId,
      customerId: payload.customerId,
      trigger: 'deal-won',
      leadId: payload.leadId,
    });
  },
});
