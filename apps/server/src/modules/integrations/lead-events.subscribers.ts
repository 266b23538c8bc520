import { isWonStage, type DomainEventPayload, type DomainEventType } from '@crm/domain';
import { defineBatchSubscriber, defineSubscriber, type DeliveredEvent, type EventDeps } from '../../core/events/domain-event.types.js';
import type { AppDeps } from '../../core/deps.js';
import { dncrCheckJob } from './dncr-check.job.js';
import { dncrIntegration } from './dncr-client.js';
import { recordLeadEvents, type LeadEventChange } from './providers/lead-event-data.js';
import { queueReviewInvitation } from './providers/trustpilot/trustpilot-invite.job.js';
import { queueLeadCreatedTriggers } from './providers/whatsapp/whatsapp-trigger.job.js';

// The integrations' answers to a lead's events (recorded by the leads module, lead-events.ts there). New leads come in
// batches (portal intake), so their subscribers take the batch in one call, a few queries per asset. Each queues its
// job under an id made of the event's (or a natural key), so a second delivery of the same event queues nothing more.

type LeadEventType = Extract<DomainEventType, `lead.${string}`>;

/** The events by asset: what each integration reads once (is it on there?). */
function byAsset<T extends LeadEventType>(events: readonly DeliveredEvent<T>[]): Map<string, DeliveredEvent<T>[]> {
  const groups = new Map<string, DeliveredEvent<T>[]>();
  for (const event of events) groups.set(event.payload.assetId, [...(groups.get(event.payload.assetId) ?? []), event]);
  return groups;
}

/** The subscribers queue jobs: a delivery where there is no queue is left to one that has it (the sweep). */
function withJobs(deps: EventDeps): EventDeps & Pick<AppDeps, 'jobs'> {
  const { jobs } = deps;
  if (!jobs) throw new Error('no job queue in this process');
  return { ...deps, jobs };
}

/** New leads carry their customer's Do Not Call answer: one check per customer of the batch (dncr-check.job.ts). */
export const dncrOnLeadCreated = defineBatchSubscriber({
  name: 'lead-dncr-check',
  event: 'lead.created',
  handleBatch: async (deps, events) => {
    for (const [assetId, ofAsset] of byAsset(events)) {
      // One read of the asset's integration per batch; nothing is queued while it has none.
      if (!(await dncrIntegration(deps, assetId))) continue;
      const customers = new Map(ofAsset.map((event) => [event.payload.customerId, event.id]));
      await withJobs(deps).jobs.enqueueMany(
        dncrCheckJob,
        [...customers].map(([customerId, eventId]) => ({
          payload: { assetId, customerId, force: false },
          opts: { jobId: `dncr-${customerId}-event-${eventId}` },
        })),
      );
    }
  },
});

/** The asset's WhatsApp trigger for new leads (its acknowledgement template), when it has one. */
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

/** The product event of each (Amplitude, Zapier), keyed by the lead and the change's time so a repeat is one event. */
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

export const LEAD_EVENT_SUBSCRIBERS = [
  dncrOnLeadCreated,
  whatsAppOnLeadCreated,
  productEventOnLeadCreated,
  productEventOnLeadAccepted,
  productEventOnLeadStageChanged,
  trustpilotOnDealWon,
] as const;
