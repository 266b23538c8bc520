import type { ServerModule } from '../module.js';
import { accessLogResource } from './access-log.resource.js';
import { activityLogResource } from './activity-log.resource.js';
import { companyAssetDoors } from './company-asset.calls.js';
import { companyAssetResource } from './company-asset.resource.js';
import { roleDoors } from './role.calls.js';
import { roleResource } from './role.resource.js';
import { companySettingsDoors, twoFactorDoors } from './security.calls.js';
import { systemLogResource } from './system-log.resource.js';
import { userDoors } from './user.calls.js';
import { userResource } from './user.resource.js';

export const adminModule: ServerModule = {
  name: 'admin',
  openapiTag: {
    name: 'admin',
    description: "The company's users, roles, assets, security settings, and its access, activity and system logs",
  },
  calls: [userDoors, roleDoors, companyAssetDoors, companySettingsDoors, twoFactorDoors],
  resources: [accessLogResource, activityLogResource, systemLogResource, userResource, roleResource, companyAssetResource],
};
