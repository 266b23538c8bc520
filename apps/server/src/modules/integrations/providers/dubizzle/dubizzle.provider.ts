import { defineProvider } from '../../provider-module.js';
import { portalFeedCheck } from '../portal-feed-check.js';

// dubizzle (docs/api.md 'Portal lead intake', 'Listing feeds and permits'): as Bayut, its group's other portal.
export const dubizzleProvider = defineProvider(() => ({ name: 'dubizzle', connection: { local: portalFeedCheck } }));
