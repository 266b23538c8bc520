import { defineSubscriber, type DeliveredEvent, type EventDeps } from '../../core/events/domain-event.types.js';

// A deal won or lost (docs/product.md 'Deals'): its agent and the agent's manager hear of it in the bell (and by mail
// as each chooses), unless they closed it themselves. Once per person and event: the event's id is the dedupe key.

async function notifyDealPeople(
  deps: EventDeps,
  event: DeliveredEvent<'deal.won'> | DeliveredEvent<'deal.lost'>,
  kind: 'dealWon' | 'dealLost',
): Promise<void> {
  const { dealId, agentId, userId } = event.payload;
  await deps.db.$executeRaw`
    INSERT INTO "StaffNotification" (id, "companyId", "assetId", "userId", kind, "leadId", "dealId", "dedupeKey")
    SELECT gen_random_uuid(), d."companyId", d."assetId", people."userId", ${kind}, d."leadId", d.id, ${`${kind}:${event.id}`}
    FROM "Deal" d
    JOIN "TeamMember" agent ON agent.id = ${agentId}::uuid
    LEFT JOIN "TeamMember" manager ON manager.id = agent."reportedToId"
    CROSS JOIN LATERAL (VALUES (agent."userId"), (manager."userId")) AS people("userId")
    WHERE d.id = ${dealId}::uuid AND people."userId" IS NOT NULL AND people."userId" IS DISTINCT FROM ${userId}::uuid
    ON CONFLICT ("userId", "dedupeKey") DO NOTHING`;
}

export const DEAL_NOTIFICATION_SUBSCRIBERS = [
  defineSubscriber({
    name: 'notifications.deal-won',
    event: 'deal.won',
    handle: (deps, event) => notifyDealPeople(deps, event, 'dealWon'),
  }),
  defineSubscriber({
    name: 'notifications.deal-lost',
    event: 'deal.lost',
    handle: (deps, event) => notifyDealPeople(deps, event, 'dealLost'),
  }),
];
