import { hasKey } from '../../connection-tests.js';
import { defineProvider } from '../../provider-module.js';
import { marketingOnCustomerWritten } from '../marketing-contact.subscribers.js';
import { activeCampaignContactJob } from './activecampaign-contact.job.js';
import { activeCampaignSync } from './activecampaign-sync.js';
import { activeCampaignDoors } from './activecampaign.calls.js';

// ActiveCampaign (docs/api.md 'Integrations'): customers to its lists (sync and per write), its lookups.
export const activeCampaignProvider = defineProvider(() => ({
  name: 'activecampaign',
  sync: { adapter: activeCampaignSync },
  // The token's own user: readable by any valid token.
  connection: {
    probe: ({ secrets }) => ({
      method: 'GET',
      path: '/api/3/users/me',
      headers: { accept: 'application/json', 'api-token': secrets.apiToken ?? '' },
      accepts: (status, json) => status === 200 && hasKey(json, 'user'),
    }),
  },
  jobs: [activeCampaignContactJob],
  subscribers: [marketingOnCustomerWritten],
  calls: [activeCampaignDoors],
}));
