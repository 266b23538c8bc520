import type { ServerModule } from '../module.js';
import { profileRoutes } from './profile.routes.js';

export const profileModule: ServerModule = {
  name: 'profile',
  openapiTag: { name: 'profile', description: 'The caller, their assets and the lead settings of an asset' },
  routes: profileRoutes,
};
