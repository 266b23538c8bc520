import { defineProvider } from '../../provider-module.js';
import { portalFeedCheck } from '../portal-feed-check.js';

// Bayut (docs/api.md 'Portal lead intake', 'Listing feeds and permits'): leads pushed to the shared webhook, listings
// read from our feed; its test checks what is stored.
export const bayutProvider = defineProvider(() => ({ name: 'bayut', connection: { local: portalFeedCheck } }));
