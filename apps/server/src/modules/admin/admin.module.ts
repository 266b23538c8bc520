import type { FastifyInstance } from 'fastify';
import type { ServerModule } from '../module.js';
import { accessLogResource } from './access-log.resource.js';
import { activityLogResource } from './activity-log.resource.js';
import { companyAssetResource } from './company-asset.resource.js';
import { companyAssetRoutes } from './company-assets.routes.js';
import { roleResource } from './role.resource.js';
import { systemLogResource } from './system-log.resource.js';
import { securityRoutes } from './security.routes.js';
import { roleRoutes } from './roles.routes.js';
import { userResource } from './user.resource.js';
import { userRoutes } from './users.routes.js';

async function adminRoutes(app: FastifyInstance) {
  await userRoutes(app);
  await roleRoutes(app);
  await companyAssetRoutes(app);
  await securityRoutes(app);
}

export const adminModule: ServerModule = {
  name: 'admin',
  openapiTag: {
    name: 'admin',
    description: "The company's users, roles, assets, security settings, and its access, activity and system logs",
  },
  routes: adminRoutes,
  resources: [accessLogResource, activityLogResource, systemLogResource, userResource, roleResource, companyAssetResource],
};
