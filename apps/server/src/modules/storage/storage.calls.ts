import { storageCalls } from '@crm/domain';
import { serveCalls } from '../../calls/serve-calls.js';
import { storageUsage } from './storage-usage.service.js';
import { removeStoredFile } from './storage.service.js';

// Storage's removal and space used, both doors from the declarations (packages/domain storage/storage.calls.ts).
export const storageDoors = serveCalls(storageCalls, {
  remove: async ({ deps, actor, input }) => ({ data: await removeStoredFile({ deps, actor }, input.file) }),
  usage: async ({ deps, actor }) => ({ data: await storageUsage({ deps, actor }) }),
});
