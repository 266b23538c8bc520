import { defineProvider } from '../../provider-module.js';
import { PRODUCT_EVENT_SUBSCRIBERS } from '../product-event.subscribers.js';
import { zapierDeliverJob } from './zapier-deliver.job.js';
import { zapierDoors } from './zapier.calls.js';

// Zapier (docs/api.md 'Integrations'): its REST hooks and lookups, and the product events delivered to its targets.
export const zapierProvider = defineProvider(() => ({
  name: 'zapier',
  jobs: [zapierDeliverJob],
  subscribers: PRODUCT_EVENT_SUBSCRIBERS,
  calls: [zapierDoors],
}));
