import { resourceProcedures } from '../../resources/resource-procedures.js';
import { router } from '../../trpc/trpc.js';
import { viewingResource } from './viewing.resource.js';

export const viewingsRouter = router(resourceProcedures(viewingResource));
