import type { DealEventData } from '@crm/domain';
import { defineSubscriber } from '../../../core/events/domain-event.types.js';
import { withJobs } from '../lead-event-batches.js';
import { productEventConsumers, recordProductEvents } from './product-events.js';

// A won deal's product event (product-events.ts): Amplitude's 'Deal Won' and Zapier's `deal.won` trigger, keyed by
// the deal, so a redelivered domain event is one product event.

export const productEventOnDealWon = defineSubscriber({
  name: 'deal-product-event-won',
  event: 'deal.won',
  handle: async (deps, event) => {
    const { dealId, assetId, userId } = event.payload;
    const jobs = withJobs(deps);
    const consumers = await productEventConsumers(jobs, assetId, ['deal.won']);
    if (!consumers) return;
    const deal = await deps.db.deal.findFirst({
      where: { id: dealId, assetId },
      include: { customer: { select: { id: true, fullName: true } }, agent: { select: { id: true, name: true } } },
    });
    if (!deal) return;
    const data: DealEventData = {
      id: deal.id,
      title: deal.title,
      pipeline: deal.pipeline,
      stage: deal.stage,
      value: Number(deal.value),
      commission: Number(deal.commission),
      currency: deal.currency,
      leadId: deal.leadId,
      customer: deal.customer,
      agent: deal.agent,
      closedAt: deal.actualCloseDate?.toISOString() ?? null,
    };
    await recordProductEvents(
      jobs,
      assetId,
      [
        {
          type: 'deal.won',
          key: `deal.won:${deal.id}`,
          subjectId: deal.id,
          userId,
          occurredAt: deps.clock.now(),
          properties: { pipeline: deal.pipeline, value: data.value, commission: data.commission, currency: deal.currency },
          data,
        },
      ],
      consumers,
    );
  },
});
