import type { ServerModule } from '../module.js';
import { authDoors } from './auth.calls.js';
import { authRoutes } from './auth.routes.js';

export const authModule: ServerModule = { name: 'auth', routes: authRoutes, calls: [authDoors] };
