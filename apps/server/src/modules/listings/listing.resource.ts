import { listingContract } from '@crm/domain';
import { defineResource } from '../../resources/resource-define.js';
import { STORED_FILE_COLUMNS } from '../storage/index.js';
import { listingsChanged, recordListingsPublished } from '../integrations/index.js';
import { listingWriteColumns } from './listing-write.hooks.js';
import type { CommittedChange, ResourceDeps } from '../../resources/resource.types.js';

// Listings: the agent and owner are the asset's team member and customer; the pictures and cover are stored files.
// A list's total is cached (count-cache.ts): an asset's exact count over a million listings costs more than its page,
// and every listing write goes through the engine, which drops the cached totals after it commits.

// Portals follow every write: the asset's feeds are rebuilt and Property Finder brought in line, after a debounce.
// A listing that becomes Published is also a product event (Amplitude, Zapier), recorded after the commit. An
// import's rows come here together (afterCommitMany): one portal sync for all of them, not one per row.
async function listingsCommitted(deps: ResourceDeps, changes: readonly CommittedChange[]): Promise<void> {
  const idsByAsset = new Map<string, string[]>();
  for (const { record } of changes) {
    if (typeof record.asset !== 'string') continue;
    const ids = idsByAsset.get(record.asset) ?? [];
    ids.push(record._id);
    idsByAsset.set(record.asset, ids);
  }
  if (deps.jobs && deps.env)
    for (const [assetId, ids] of idsByAsset) await listingsChanged({ ...deps, jobs: deps.jobs, env: deps.env }, assetId, ids);
  await recordListingsPublished(
    deps,
    changes.filter((change) => !change.removed),
  );
}

export const listingResource = defineResource(listingContract, {
  customFieldKind: 'listing',
  model: 'listing',
  refs: { agent: { model: 'teamMember' }, owner: { model: 'customer' }, cover: { model: 'storedFile' } },
  populate: { cover: { columns: STORED_FILE_COLUMNS } },
  hooks: {
    beforeCreate: listingWriteColumns,
    beforeUpdate: listingWriteColumns,
    afterCommit: (deps, change) => listingsCommitted(deps, [change]),
    afterCommitMany: listingsCommitted,
  },
  cachedCount: true,
  // A reference (L-0500000) or permit typed as the keyword: candidates by the keys of its number (search-plan.ts).
  searchNumbersColumn: 'searchNumbers',
});
