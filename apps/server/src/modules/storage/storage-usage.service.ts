import { STORAGE_MANAGE_PERMISSIONS, STORED_FILE_TYPES, StorageUsageSchema, type StorageUsage } from '@crm/domain';
import { accessOf, type StorageCall } from './storage.service.js';

// GET storage/usage (docs/api.md 'Uploads'): what the Storage screen shows as the space used, '12.4 MB in 38 files'.
// Every live file of the active asset counts, hidden ones too (they take the same space); removed ones do not.

export async function storageUsage(call: StorageCall): Promise<StorageUsage> {
  const access = accessOf(call, STORAGE_MANAGE_PERMISSIONS);
  const groups = await call.deps.db.storedFile.groupBy({
    by: ['type'],
    where: { assetId: access.assetId, deletedAt: null },
    _sum: { size: true },
    _count: { _all: true },
  });
  const byType = Object.fromEntries(STORED_FILE_TYPES.map((type) => [type, { bytes: 0, files: 0 }]));
  let bytes = 0;
  let files = 0;
  for (const group of groups) {
    const usage = { bytes: group._sum.size ?? 0, files: group._count._all };
    // A type outside the contract's list (none is written today) still counts in the totals.
    const known = byType[group.type];
    if (known) Object.assign(known, usage);
    bytes += usage.bytes;
    files += usage.files;
  }
  return StorageUsageSchema.parse({ bytes, files, byType });
}
