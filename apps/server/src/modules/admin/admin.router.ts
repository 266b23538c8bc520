import { resourceProcedures } from '../../resources/resource-procedures.js';
import { router } from '../../trpc/trpc.js';
import { accessLogResource } from './access-log.resource.js';
import { activityLogResource } from './activity-log.resource.js';

export const accessLogsRouter = router(resourceProcedures(accessLogResource));
export const activityLogsRouter = router(resourceProcedures(activityLogResource));
