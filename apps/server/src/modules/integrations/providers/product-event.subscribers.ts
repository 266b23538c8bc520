import type { DomainEventPayload } from '@crm/domain';
import { defineBatchSubscriber } from '../../../core/events/domain-event.types.js';
import { byAsset, withJobs } from '../lead-event-batches.js';
import { productEventOnDealWon } from './deal-events.js';
import { recordLeadEvents, type LeadEventChange } from './lead-event-data.js';

// The product events of a lead's changes (Amplitude and Zapier both declare them: one row each, delivered to both),
// keyed by the lead and the change's time so a repeat is one event.

function productEventsOn<T extends 'lead.created' | 'lead.accepted' | 'lead.stage_changed'>(
  name: string,
  event: T,
  change: (payload: DomainEventPayload<T>) => LeadEventChange,
) {
  return defineBatchSubscriber<T>({
    name,
    event,
    handleBatch: async (deps, events) => {
      for (const [assetId, ofAsset] of byAsset(events))
        await recordLeadEvents(
          withJobs(deps),
          assetId,
          event,
          ofAsset.map((e) => change(e.payload)),
        );
    },
  });
}

export const productEventOnLeadCreated = productEventsOn('lead-product-event-created', 'lead.created', (p) => ({
  leadId: p.leadId,
  userId: p.userId,
  version: 'new',
}));

export const productEventOnLeadAccepted = productEventsOn('lead-product-event-accepted', 'lead.accepted', (p) => ({
  leadId: p.leadId,
  userId: p.userId,
  version: p.at,
}));

export const productEventOnLeadStageChanged = productEventsOn('lead-product-event-stage-changed', 'lead.stage_changed', (p) => ({
  leadId: p.leadId,
  userId: p.userId,
  version: p.at,
  previousStage: p.previousStage,
}));

export const PRODUCT_EVENT_SUBSCRIBERS = [
  productEventOnLeadCreated,
  productEventOnLeadAccepted,
  productEventOnLeadStageChanged,
  productEventOnDealWon,
] as const;
