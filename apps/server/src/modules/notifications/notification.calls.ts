import { notificationCalls } from '@crm/domain';
import { serveCalls } from '../../calls/serve-calls.js';
import { getPreferences, listNotifications, markAllRead, markRead, unreadCount, updatePreferences } from './notification.service.js';

// The caller's notifications, both doors from the declarations (packages/domain staff-notification.calls.ts).
export const notificationDoors = serveCalls(notificationCalls, {
  list: ({ deps, actor }) => listNotifications(deps, actor),
  unreadCount: async ({ deps, actor }) => ({ unread: await unreadCount(deps, actor.userId) }),
  markRead: ({ deps, actor, input }) => markRead(deps, actor, input.id),
  markAllRead: ({ deps, actor }) => markAllRead(deps, actor),
  preferences: ({ deps, actor }) => getPreferences(deps, actor),
  updatePreferences: ({ deps, actor, input }) => updatePreferences(deps, actor, input),
});
