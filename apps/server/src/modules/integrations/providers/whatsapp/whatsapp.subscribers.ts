import { defineBatchSubscriber } from '../../../../core/events/domain-event.types.js';
import { byAsset, withJobs } from '../../lead-event-batches.js';
import { queueLeadCreatedTriggers } from './whatsapp-trigger.job.js';

/** The asset's WhatsApp trigger for new leads (its acknowledgement template), when it has one; once per event. */
export const whatsAppOnLeadCreated = defineBatchSubscriber({
  name: 'lead-whatsapp-trigger',
  event: 'lead.created',
  handleBatch: async (deps, events) => {
    for (const [assetId, ofAsset] of byAsset(events))
      await queueLeadCreatedTriggers(
        withJobs(deps),
        assetId,
        ofAsset.map((event) => ({ leadId: event.payload.leadId, eventId: event.id })),
      );
  },
});
