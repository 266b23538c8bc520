import type { SyncAdapter } from '../../sync/sync-work.js';
import { configList, integrationOfRun } from '../../active-integration.js';
import { syncCustomersOneByOne } from '../customer-sync.js';
import { contactOfCustomer } from '../marketing-contact.js';
import { syncContact } from './activecampaign-client.js';

// ActiveCampaign's sync adapter (docs/api.md 'ActiveCampaign'): `customers` syncs each of the asset's customers as the
// per-customer job does (contact/sync by email, then the configured list and tags). What was sent includes the
// list, tags and field map, so changing them sends every customer again.

export const activeCampaignSync: SyncAdapter = {
  async customers(work, scope) {
    const integration = integrationOfRun(work);
    const { config } = integration;
    const settings = { listId: config.listId ?? null, tagIds: configList(config, 'tagIds'), fieldMap: config.fieldMap ?? null };
    await syncCustomersOneByOne(
      work,
      scope,
      (customer) => ({ ...settings, contact: contactOfCustomer(customer) }),
      (customer) => syncContact(work.deps, integration, contactOfCustomer(customer)),
    );
  },
};
