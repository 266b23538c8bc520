import { resourceProcedures } from '../../resources/resource-procedures.js';
import { router } from '../../trpc/trpc.js';
import { accessLogResource } from './access-log.resource.js';
import { activityLogResource } from './activity-log.resource.js';
import { systemLogResource } from './system-log.resource.js';

export const accessLogsRouter = router(resourceProcedures(accessLogResource));
export const activityLogsRouter = router(resourceProcedures(activityLogResource));
export const systemLogsRouter = router(resourceProcedures(systemLogResource));
