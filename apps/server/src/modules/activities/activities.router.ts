import { resourceProcedures } from '../../resources/resource-procedures.js';
import { router } from '../../trpc/trpc.js';
import { activityDoors } from './activity.calls.js';
import { activityResource } from './activity.resource.js';

// Activities, tRPC door: the generic resource's calls and the declared ones (activity.calls.ts).
export const activitiesRouter = router({ ...resourceProcedures(activityResource), ...activityDoors.procedures });
