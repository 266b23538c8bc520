import { resourceProcedures } from '../../resources/resource-procedures.js';
import { router } from '../../trpc/trpc.js';
import { activityResource } from './activity.resource.js';

export const activitiesRouter = router(resourceProcedures(activityResource));
