import type { ServerModule } from '../module.js';
import { accessLogResource } from './access-log.resource.js';
import { activityLogResource } from './activity-log.resource.js';
import { systemLogResource } from './system-log.resource.js';

export const adminModule: ServerModule = { name: 'admin', resources: [accessLogResource, activityLogResource, systemLogResource] };
