import { notificationLogContract } from '@crm/domain';
import { defineResource } from '../../resources/resource-define.js';

// Admin > Notification logs: read-only, served by the generic engine (lists, filters, export).
export const notificationLogResource = defineResource(notificationLogContract, { model: 'notificationLog', tag: 'admin' });
