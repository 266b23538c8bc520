import { LOW_VIEWING_RATING } from '@crm/domain';
import { defineSubscriber } from '../../core/events/domain-event.types.js';

// A customer's low rating of a viewing (docs/product.md 'Viewing reviews'): the agent's manager hears of it in the
// bell (and by mail as they choose), once per review: the event's id is the dedupe key.
export const VIEWING_REVIEW_NOTIFICATION_SUBSCRIBERS = [
  defineSubscriber({
    name: 'notifications.viewing-review-low',
    event: 'viewing_review.submitted',
    handle: async (deps, event) => {
      const { reviewId, agentId, leadId, rating } = event.payload;
      if (rating > LOW_VIEWING_RATING || !agentId) return;
      await deps.db.$executeRaw`
        INSERT INTO "StaffNotification" (id, "companyId", "assetId", "userId", kind, "leadId", "dedupeKey")
        SELECT gen_random_uuid(), r."companyId", r."assetId", manager."userId", 'viewingReviewLow', ${leadId}::uuid,
               ${`viewingReviewLow:${event.id}`}
        FROM "ViewingReview" r
        JOIN "TeamMember" agent ON agent.id = ${agentId}::uuid
        JOIN "TeamMember" manager ON manager.id = agent."reportedToId"
        WHERE r.id = ${reviewId}::uuid AND manager."userId" IS NOT NULL AND manager."deletedAt" IS NULL
        ON CONFLICT ("userId", "dedupeKey") DO NOTHING`;
    },
  }),
];
