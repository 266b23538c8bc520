import type { ServerModule } from '../module.js';
import { accessLogResource } from './access-log.resource.js';
import { activityLogResource } from './activity-log.resource.js';
import { userResource } from './user.resource.js';
import { userRoutes } from './users.routes.js';

export const adminModule: ServerModule = {
  name: 'admin',
  routes: userRoutes,
  resources: [accessLogResource, activityLogResource, userResource],
};
