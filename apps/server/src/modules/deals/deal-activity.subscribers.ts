import { type DealPipeline, stageOf, staleAtFor } from '@crm/domain';
import { defineSubscriber } from '../../core/events/domain-event.types.js';
import { stagesOf } from './deal-pipeline.service.js';

// An activity logged on a deal (activity.logged): its last activity and its stale clock restart from it, only ever
// forward in time (a redelivery changes nothing).
export const dealActivitySubscriber = defineSubscriber({
  name: 'deals.activity-logged',
  event: 'activity.logged',
  handle: async (deps, event) => {
    const { dealId, assetId, at } = event.payload;
    if (!dealId) return;
    const when = new Date(at);
    const deal = await deps.db.deal.findFirst({
      where: { id: dealId, assetId, lastActivityAt: { lt: when } },
      select: { pipeline: true, stage: true },
    });
    if (!deal) return;
    const stage = stageOf(await stagesOf(deps.db, assetId, deal.pipeline as DealPipeline), deal.stage);
    await deps.db.deal.updateMany({
      where: { id: dealId, lastActivityAt: { lt: when } },
      data: { lastActivityAt: when, staleAt: staleAtFor(stage, when) },
    });
  },
});
