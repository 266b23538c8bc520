import { dncrCheckJob } from '../../dncr-check.job.js';
import { defineProvider } from '../../provider-module.js';
import { dncrOnCustomerWritten, dncrOnLeadCreated } from './dncr.subscribers.js';

// The Do Not Call Registry (docs/api.md 'Listing feeds and permits'): a customer's number checked after each write
// that changes it, and a new lead's customer.
export const dncrProvider = defineProvider(() => ({
  name: 'dncr',
  jobs: [dncrCheckJob],
  subscribers: [dncrOnCustomerWritten, dncrOnLeadCreated],
}));
