import { defineSubscriber } from '../../core/events/domain-event.types.js';

// A task given to a member (docs/product.md 'Activities'): created for them by someone else, or moved to them from
// another agent (activity.assigned, told by the activity resource). They hear of it in the bell, and by mail and push
// as they choose, with the link to the task's deal or lead; nobody is told of a task they gave themselves. Once per
// event: the event's id is the dedupe key.

export const ACTIVITY_NOTIFICATION_SUBSCRIBERS = [
  defineSubscriber({
    name: 'notifications.activity-assigned',
    event: 'activity.assigned',
    handle: async (deps, event) => {
      const { activityId, agentId, userId } = event.payload;
      await deps.db.$executeRaw`
        INSERT INTO "StaffNotification" (id, "companyId", "assetId", "userId", kind, "leadId", "dealId", "activityId", "dedupeKey")
        SELECT gen_random_uuid(), a."companyId", a."assetId", tm."userId", 'activityAssigned', a."leadId", a."dealId", a.id,
               ${`activityAssigned:${event.id}`}
        FROM "Activity" a JOIN "TeamMember" tm ON tm.id = ${agentId}::uuid
        WHERE a.id = ${activityId}::uuid AND a."deletedAt" IS NULL AND a."agentId" = tm.id
          AND tm."userId" IS NOT NULL AND tm."userId" IS DISTINCT FROM ${userId}::uuid
        ON CONFLICT ("userId", "dedupeKey") DO NOTHING`;
    },
  }),
];
