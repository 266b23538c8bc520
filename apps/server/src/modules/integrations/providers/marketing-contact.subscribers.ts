import { defineSubscriber } from '../../../core/events/domain-event.types.js';
import { queueCustomerMarketingSync } from './customer-marketing-sync.js';

/**
 * Every customer write goes to the asset's marketing providers' lists (SendGrid and ActiveCampaign both declare it),
 * queued under an id made of the event's, so a second delivery queues nothing more.
 */
export const marketingOnCustomerWritten = defineSubscriber({
  name: 'marketing-contact',
  event: 'customer.written',
  handle: async (deps, { id, payload }) => {
    await queueCustomerMarketingSync(deps, { assetId: payload.assetId, customerId: payload.customerId, version: `event-${id}` });
  },
});
