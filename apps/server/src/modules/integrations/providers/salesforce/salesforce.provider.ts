import { defineProvider } from '../../provider-module.js';
import { salesforceSync } from './salesforce-sync.js';

// Salesforce (docs/api.md 'Salesforce'): leads and customers pushed by its sync.
export const salesforceProvider = defineProvider(() => ({ name: 'salesforce', sync: { adapter: salesforceSync } }));
