import { envelopeContract } from '@crm/domain';
import { defineResource } from '../../../../resources/resource-define.js';

// Envelopes (GET envelopes, the lead page's documents for signature): read through the engine; created only by
// POST envelopes/send (envelope.service.ts), moved by the send job and DocuSign's Connect events.
export const envelopeResource = defineResource(envelopeContract, {
  model: 'envelope',
  tag: 'envelopes',
});
