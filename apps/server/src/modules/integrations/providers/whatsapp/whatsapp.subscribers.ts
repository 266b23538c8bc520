import { defineBatchSubscriber, defineSubscriber } from '../../../../core/events/domain-event.types.js';
import { byAsset, withJobs } from '../../lead-event-batches.js';
import { queueFeedbackTrigger, queueLeadCreatedTriggers } from './whatsapp-trigger.job.js';

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

/** A done viewing's feedback request, on WhatsApp too when the asset's WhatsApp names a template for it; once per event. */
export const whatsAppOnFeedbackRequested = defineSubscriber({
  name: 'viewing-feedback-whatsapp',
  event: 'viewing.feedback_requested',
  handle: async (deps, event) => {
    const { assetId, viewingId, expiresAt } = event.payload;
    await queueFeedbackTrigger(withJobs(deps), { assetId, viewingId, expiresAt, eventId: event.id });
  },
});
