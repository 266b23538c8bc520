import { INTEGRATION_MESSAGES as M } from '@crm/domain';
import { AppError } from '../../../../core/app-error.js';
import type { SyncAdapter } from '../../sync/sync-work.js';
import { configList, integrationOfRun } from '../../active-integration.js';
import { syncCustomersInBatches } from '../customer-sync.js';
import { contactOfCustomer } from '../marketing-contact.js';
import { upsertContacts } from './sendgrid-client.js';

// SendGrid's sync adapter (docs/api.md 'SendGrid'): `customers` puts the asset's customers into the Marketing lists
// of the config (defaultListIds), a page of them in each PUT /v3/marketing/contacts (the call takes many contacts at
// once), as the per-customer job does for one. Only while the config's `syncCustomers` is on, like that job.

export const sendGridSync: SyncAdapter = {
  async customers(work, scope) {
    const integration = integrationOfRun(work);
    if (integration.config.syncCustomers !== true) {
      throw AppError.conflict(M.customerSyncOff(integration.label, 'Sync customers to contact lists'), {
        provider: 'sendgrid',
        reason: 'NOT_CONFIGURED',
      });
    }
    const listIds = configList(integration.config, 'defaultListIds');
    await syncCustomersInBatches(
      work,
      scope,
      (customer) => ({ listIds, contact: contactOfCustomer(customer) }),
      async (customers) => {
        await upsertContacts(work.deps, integration, customers.map(contactOfCustomer));
      },
    );
  },
};
