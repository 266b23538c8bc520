import type { ServerModule } from '../module.js';
import { authDoors } from './auth.calls.js';
import { authRoutes } from './auth.routes.js';

export const authModule: ServerModule = {
  name: 'auth',
  openapiTag: { name: 'auth', description: 'Login, logout, registration, password reset' },
  routes: authRoutes,
  calls: [authDoors],
};
