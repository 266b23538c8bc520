import { defineProvider } from '../../provider-module.js';

// A partner brokerage on the shared partner-feed model (docs/api.md 'Partner lead webhook'): its leads come through
// the platform's webhook, its listings from our signed feed; nothing of its own to serve.
export const mResidenceProvider = defineProvider(() => ({ name: 'mresidence' }));
