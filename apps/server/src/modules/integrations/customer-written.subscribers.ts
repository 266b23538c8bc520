import { defineSubscriber } from '../../core/events/domain-event.types.js';
import { queueDncrCheck } from './dncr-check.job.js';
import { queueCustomerMarketingSync } from './providers/customer-marketing-sync.js';
import { queueIntercomContactPush } from './providers/intercom/intercom-contact-push.job.js';

// The integrations' answers to a customer's write (customer.written, recorded by the customers module): each queues
// its job under an id made of the event's, so a second delivery of the same event queues nothing more.

/** A new or changed number is asked of the Do Not Call Registry again (when the asset has it by API). */
export const dncrOnCustomerWritten = defineSubscriber({
  name: 'dncr-check',
  event: 'customer.written',
  handle: async (deps, { id, payload }) => {
    if (!payload.numberChanged) return;
    await queueDncrCheck(deps, { assetId: payload.assetId, customerId: payload.customerId, force: true, trigger: `event-${id}` });
  },
});

/** A new customer, or a changed name, email or phone, is pushed to Intercom as a contact (when the asset has it on). */
export const intercomOnCustomerWritten = defineSubscriber({
  name: 'intercom-contact',
  event: 'customer.written',
  handle: async (deps, { id, payload }) => {
    if (!payload.contactChanged) return;
    await queueIntercomContactPush(deps, { assetId: payload.assetId, customerId: payload.customerId, trigger: `event-${id}` });
  },
});

/** Every write goes to the asset's marketing providers' lists (SendGrid, ActiveCampaign). */
export const marketingOnCustomerWritten = defineSubscriber({
  name: 'marketing-contact',
  event: 'customer.written',
  handle: async (deps, { id, payload }) => {
    await queueCustomerMarketingSync(deps, { assetId: payload.assetId, customerId: payload.customerId, version: `event-${id}` });
  },
});

export const CUSTOMER_WRITTEN_SUBSCRIBERS = [dncrOnCustomerWritten, intercomOnCustomerWritten, marketingOnCustomerWritten] as const;
