import { defineSubscriber } from '../../core/events/domain-event.types.js';
import { invalidateCachedCounts } from '../../resources/count-cache.js';
import { leadResource } from './lead.resource.js';

// An activity logged on a lead (activity.logged): the lead's latest activity and its time follow, and a person's
// call, email, WhatsApp message or meeting marks it contacted. Only ever forward in time, so a redelivery (or an
// older activity delivered late) changes nothing.
export const leadActivitySubscriber = defineSubscriber({
  name: 'leads.activity-logged',
  event: 'activity.logged',
  handle: async (deps, event) => {
    const { leadId, assetId, text, byPerson, at } = event.payload;
    if (!leadId) return;
    const changed = await deps.db.$executeRaw`
      UPDATE "Lead" SET "latestActivity" = ${text}, "lastActivityAt" = ${new Date(at)},
        "isContacted" = "isContacted" OR ${byPerson}
      WHERE id = ${leadId}::uuid AND "assetId" = ${assetId}::uuid
        AND ("lastActivityAt" IS NULL OR "lastActivityAt" <= ${new Date(at)} OR (${byPerson} AND NOT "isContacted"))`;
    if (changed) await invalidateCachedCounts(deps, leadResource, assetId);
  },
});
