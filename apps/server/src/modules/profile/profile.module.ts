import type { ServerModule } from '../module.js';
import { profileRoutes } from './profile.routes.js';

export const profileModule: ServerModule = { name: 'profile', routes: profileRoutes };
