import {
  NotificationIdInputSchema,
  NotificationPreferencesInputSchema,
  NotificationPreferencesSchema,
  StaffNotificationListSchema,
  UnreadCountSchema,
} from '@crm/domain';
import { resourceProcedures } from '../../resources/resource-procedures.js';
import { protectedProcedure, router } from '../../trpc/trpc.js';
import { notificationLogResource } from './notification-log.resource.js';
import { getPreferences, listNotifications, markAllRead, markRead, unreadCount, updatePreferences } from './notification.service.js';

// The caller's notifications, tRPC door onto the same services as notifications.routes.ts.
export const notificationsRouter = router({
  list: protectedProcedure.output(StaffNotificationListSchema).query(({ ctx }) => listNotifications(ctx.deps, ctx.actor)),
  unreadCount: protectedProcedure
    .output(UnreadCountSchema)
    .query(async ({ ctx }) => ({ unread: await unreadCount(ctx.deps, ctx.actor.userId) })),
  markRead: protectedProcedure
    .input(NotificationIdInputSchema)
    .output(UnreadCountSchema)
    .mutation(({ ctx, input }) => markRead(ctx.deps, ctx.actor, input.id)),
  markAllRead: protectedProcedure.output(UnreadCountSchema).mutation(({ ctx }) => markAllRead(ctx.deps, ctx.actor)),
  preferences: protectedProcedure.output(NotificationPreferencesSchema).query(({ ctx }) => getPreferences(ctx.deps, ctx.actor)),
  updatePreferences: protectedProcedure
    .input(NotificationPreferencesInputSchema)
    .output(NotificationPreferencesSchema)
    .mutation(({ ctx, input }) => updatePreferences(ctx.deps, ctx.actor, input)),
});

export const notificationLogsRouter = router(resourceProcedures(notificationLogResource));
