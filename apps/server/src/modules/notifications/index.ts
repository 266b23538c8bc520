// The notifications module's public surface: what the rest of the server uses of it, and nothing else (docs/architecture.md
// 'Modules and their public surfaces').
export { NEW_LEAD_NOTIFICATIONS_CTE, notifyLeadInPool, notifyLeadOwner } from './notification-writer.js';
export { listNotifications } from './notification.service.js';
