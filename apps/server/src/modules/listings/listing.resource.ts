import { listingContract } from '@crm/domain';
import { defineResource } from '../../resources/resource-define.js';
import { STORED_FILE_COLUMNS } from '../storage/storage.resource.js';
import { listingsChanged } from '../integrations/feed-snapshot.job.js';
import { listingWriteColumns } from './listing-write.hooks.js';

// Listings: the agent and owner are the asset's team member and customer; the pictures and cover are stored files.
// A list's total is cached (count-cache.ts): an asset's exact count over a million listings costs more than its page,
// and every listing write goes through the engine, which drops the cached totals after it commits.
export const listingResource = defineResource(listingContract, {
  customFieldKind: 'listing',
  model: 'listing',
  refs: { agent: { model: 'teamMember' }, owner: { model: 'customer' }, cover: { model: 'storedFile' } },
  populate: { cover: { columns: STORED_FILE_COLUMNS } },
  hooks: {
    beforeCreate: listingWriteColumns,
    beforeUpdate: listingWriteColumns,
    // Portals follow every write: the asset's feeds are rebuilt and Property Finder brought in line, after a debounce.
    afterCommit: async (deps, { record }) => {
      const assetId = typeof record.asset === 'string' ? record.asset : null;
      if (assetId && deps.jobs && deps.env) await listingsChanged({ ...deps, jobs: deps.jobs, env: deps.env }, assetId, [record._id]);
    },
  },
  cachedCount: true,
});
