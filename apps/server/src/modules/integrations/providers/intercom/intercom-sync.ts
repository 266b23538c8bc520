import type { SyncAdapter } from '../../sync/sync-work.js';
import { syncCustomersOneByOne } from '../customer-sync.js';
import { intercomAccountOf, intercomForRun } from './intercom-client.js';
import { customerContactOf, pushContact } from './intercom-contacts.js';

// Intercom's sync adapter (docs/api.md 'Intercom'): `customers` pushes each of the asset's customers as the
// per-customer job does (the contact found by external_id or email, then created or updated). Intercom has no batch
// call for contacts, so they go one at a time under its rate.

export const intercomSync: SyncAdapter = {
  async customers(work, scope) {
    const account = intercomAccountOf(work.deps, work.row);
    const call = intercomForRun(work);
    await syncCustomersOneByOne(
      work,
      scope,
      (customer) => customerContactOf(customer),
      async (customer) => (await pushContact(work.deps, account, customerContactOf(customer), call)).contactId,
    );
  },
};
