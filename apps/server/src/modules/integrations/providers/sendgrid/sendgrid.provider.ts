import { INTEGRATION_MESSAGES as M } from '@crm/domain';
import { hasKey } from '../../connection-tests.js';
import { defineProvider } from '../../provider-module.js';
import { marketingOnCustomerWritten } from '../marketing-contact.subscribers.js';
import { sendGridContactJob } from './sendgrid-contact.job.js';
import { sendGridEventJob } from './sendgrid-event.job.js';
import { sendGridSync } from './sendgrid-sync.js';
import { sendGridWebhookRoutes } from './sendgrid-webhook.routes.js';
import { sendGridDoors } from './sendgrid.calls.js';

// SendGrid (docs/api.md 'Integrations'): customers to contact lists (sync and per write), its Event Webhook, its lists.
export const sendGridProvider = defineProvider(() => ({
  name: 'sendgrid',
  sync: {
    adapter: sendGridSync,
    // 'Never a run bound to fail': customers are not synced while the config says not to.
    precondition: (config, modules) =>
      modules.includes('customers') && config.syncCustomers !== true
        ? M.customerSyncOff('SendGrid', 'Sync customers to contact lists')
        : null,
  },
  // Web API v3: the key's own scopes, readable by any valid key.
  connection: {
    probe: ({ secrets }) => ({
      method: 'GET',
      path: '/v3/scopes',
      headers: { accept: 'application/json', authorization: `Bearer ${secrets.apiKey}` },
      accepts: (status, json) => status === 200 && hasKey(json, 'scopes'),
    }),
  },
  jobs: [sendGridContactJob, sendGridEventJob],
  subscribers: [marketingOnCustomerWritten],
  calls: [sendGridDoors],
  webhookRoutes: sendGridWebhookRoutes,
}));
