import { INTERCOM_API_VERSION } from '@crm/domain';
import { defineProvider } from '../../provider-module.js';
import { intercomContactPushJob } from './intercom-contact-push.job.js';
import { intercomSync } from './intercom-sync.js';
import { intercomOnCustomerWritten } from './intercom.subscribers.js';
import { intercomDoors } from './intercom.calls.js';

// Intercom (docs/api.md 'Intercom'): customers as contacts (sync and per write), its data attributes.
export const intercomProvider = defineProvider(() => ({
  name: 'intercom',
  sync: { adapter: intercomSync },
  // The app's own admin, readable by any valid access token.
  connection: {
    probe: ({ secrets }) => ({
      method: 'GET',
      path: '/me',
      headers: { accept: 'application/json', authorization: `Bearer ${secrets.accessToken}`, 'intercom-version': INTERCOM_API_VERSION },
      accepts: (status) => status === 200,
    }),
  },
  jobs: [intercomContactPushJob],
  subscribers: [intercomOnCustomerWritten],
  calls: [intercomDoors],
}));
