import type { ServerModule } from '../module.js';
import { ACTIVITY_NOTIFICATION_SUBSCRIBERS } from './activity-notification.subscribers.js';
import { DEAL_NOTIFICATION_SUBSCRIBERS } from './deal-notification.subscribers.js';
import { VIEWING_REVIEW_NOTIFICATION_SUBSCRIBERS } from './viewing-review-notification.subscribers.js';
import { notificationTickJob, startNotificationTick } from './notification-jobs.js';
import { notificationLogResource } from './notification-log.resource.js';
import { notificationDoors } from './notification.calls.js';
import { notificationRoutes } from './notifications.routes.js';

/** Staff notifications: the bell's calls and live stream, the SLA warnings and mails, the notification logs, deals closed, activity reminders and tasks given. */
export const notificationsModule: ServerModule = {
  name: 'notifications',
  openapiTag: { name: 'notifications', description: "The caller's notifications (the bell), their live count and email settings" },
  calls: [notificationDoors],
  routes: notificationRoutes,
  resources: [notificationLogResource],
  jobs: [notificationTickJob],
  subscribers: [...DEAL_NOTIFICATION_SUBSCRIBERS, ...ACTIVITY_NOTIFICATION_SUBSCRIBERS, ...VIEWING_REVIEW_NOTIFICATION_SUBSCRIBERS],
  startWorkers: (deps) => startNotificationTick(deps),
};
