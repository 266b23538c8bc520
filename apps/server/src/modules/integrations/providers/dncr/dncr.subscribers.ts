import { defineBatchSubscriber, defineSubscriber } from '../../../../core/events/domain-event.types.js';
import { dncrCheckJob, queueDncrCheck } from '../../dncr-check.job.js';
import { dncrIntegration } from '../../dncr-client.js';
import { byAsset, withJobs } from '../../lead-event-batches.js';

// The Do Not Call Registry's answers to a customer's write and to new leads. Each queues its job under an id made of
// the event's, so a second delivery of the same event queues nothing more.

/** A new or changed number is asked of the Do Not Call Registry again (when the asset has it by API). */
export const dncrOnCustomerWritten = defineSubscriber({
  name: 'dncr-check',
  event: 'customer.written',
  handle: async (deps, { id, payload }) => {
    if (!payload.numberChanged) return;
    await queueDncrCheck(deps, { assetId: payload.assetId, customerId: payload.customerId, force: true, trigger: `event-${id}` });
  },
});

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
