import { resourceProcedures } from '../../resources/resource-procedures.js';
import { router } from '../../trpc/trpc.js';
import { storageDoors } from './storage.calls.js';
import { storageResource } from './storage.resource.js';

// Storage (docs/api.md 'Uploads'), tRPC door. Uploads are multipart, so they go through REST only (storage.routes.ts);
// listing, search and update (rename, category, hide) are the generic resource's, removal and usage declared calls.
export const storageRouter = router({ ...resourceProcedures(storageResource), ...storageDoors.procedures });
