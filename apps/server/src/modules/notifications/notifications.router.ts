import { resourceProcedures } from '../../resources/resource-procedures.js';
import { router } from '../../trpc/trpc.js';
import { notificationDoors } from './notification.calls.js';
import { notificationLogResource } from './notification-log.resource.js';

// The caller's notifications, tRPC door: the declared calls (notification.calls.ts).
export const notificationsRouter = router(notificationDoors.procedures);

export const notificationLogsRouter = router(resourceProcedures(notificationLogResource));
