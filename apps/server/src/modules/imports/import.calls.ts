import { importCalls } from '@crm/domain';
import { serveCalls } from '../../calls/serve-calls.js';
import { getImportJob } from './import.service.js';

// The import runs' status, both doors from the declarations (packages/domain imports/import.calls.ts); the file
// calls stay in import.routes.ts.
export const importDoors = serveCalls(importCalls, {
  listingsJob: ({ deps, asset, input }) => getImportJob(deps, asset, 'listings', input.id),
  projectsJob: ({ deps, asset, input }) => getImportJob(deps, asset, 'projects', input.id),
  membersJob: ({ deps, asset, input }) => getImportJob(deps, asset, 'members', input.id),
});
