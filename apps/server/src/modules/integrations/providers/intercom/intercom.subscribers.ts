import { defineSubscriber } from '../../../../core/events/domain-event.types.js';
import { queueIntercomContactPush } from './intercom-contact-push.job.js';

/**
 * A new customer, or a changed name, email or phone, is pushed to Intercom as a contact (when the asset has it on),
 * queued under an id made of the event's, so a second delivery queues nothing more.
 */
export const intercomOnCustomerWritten = defineSubscriber({
  name: 'intercom-contact',
  event: 'customer.written',
  handle: async (deps, { id, payload }) => {
    if (!payload.contactChanged) return;
    await queueIntercomContactPush(deps, { assetId: payload.assetId, customerId: payload.customerId, trigger: `event-${id}` });
  },
});
