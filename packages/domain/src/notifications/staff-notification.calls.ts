import { z } from 'zod';
import { defineCall, defineCalls } from '../calls/define-call.js';
import {
  NotificationIdInputSchema,
  NotificationPreferencesInputSchema,
  NotificationPreferencesSchema,
  StaffNotificationListSchema,
  UnreadCountSchema,
} from './staff-notification.contract.js';

// The caller's notifications (docs/api.md 'Notifications'). Every signed-in person may call these: each answers
// only the caller's own rows. The live stream (GET notifications/stream) is not a call: notifications.routes.ts.
const tag = 'notifications';

const list = defineCall({
  operationId: 'notifications.list',
  summary: "The caller's newest notifications and unread count",
  tag,
  access: 'signed-in',
  scope: 'none',
  kind: 'query',
  output: StaffNotificationListSchema,
  rest: { method: 'GET', path: '/api/notifications', envelope: 'bare' },
});

const unreadCount = defineCall({
  operationId: 'notifications.unreadCount',
  summary: 'How many of the caller’s notifications are unread',
  tag,
  access: 'signed-in',
  scope: 'none',
  kind: 'query',
  output: UnreadCountSchema,
  rest: { method: 'GET', path: '/api/notifications/unread-count', envelope: 'data' },
});

const markAllRead = defineCall({
  operationId: 'notifications.readAll',
  summary: 'Mark all of the caller’s notifications read',
  tag,
  access: 'signed-in',
  scope: 'none',
  kind: 'mutation',
  output: UnreadCountSchema,
  rest: { method: 'PATCH', path: '/api/notifications/read-all', envelope: 'data' },
});

const markRead = defineCall({
  operationId: 'notifications.read',
  summary: 'Mark one notification read',
  tag,
  access: 'signed-in',
  scope: 'none',
  kind: 'mutation',
  input: NotificationIdInputSchema,
  output: UnreadCountSchema,
  rest: {
    method: 'PATCH',
    path: '/api/notifications/:id/read',
    params: z.object({ id: z.uuid({ error: 'Notification not found' }) }),
    envelope: 'data',
    toInput: ({ params }) => params,
  },
});

const preferences = defineCall({
  operationId: 'notifications.preferences',
  summary: 'Which notifications the caller also gets by email',
  tag,
  access: 'signed-in',
  scope: 'none',
  kind: 'query',
  output: NotificationPreferencesSchema,
  rest: { method: 'GET', path: '/api/notifications/preferences', envelope: 'data' },
});

const updatePreferences = defineCall({
  operationId: 'notifications.updatePreferences',
  summary: 'Turn notification emails on or off per kind',
  tag,
  access: 'signed-in',
  scope: 'none',
  kind: 'mutation',
  input: NotificationPreferencesInputSchema,
  output: NotificationPreferencesSchema,
  rest: { method: 'PATCH', path: '/api/notifications/preferences', envelope: 'data' },
});

export const notificationCalls = defineCalls('notifications', { list, unreadCount, markRead, markAllRead, preferences, updatePreferences });
