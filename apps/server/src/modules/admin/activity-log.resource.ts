import { activityLogContract } from '@crm/domain';
import { defineResource } from '../../resources/resource-define.js';

export const activityLogResource = defineResource(activityLogContract, { model: 'activityLog', tag: 'admin' });
