import type { ServerModule } from '../module.js';
import { assetsRoutes } from './assets.routes.js';

export const assetsModule: ServerModule = { name: 'assets', routes: assetsRoutes };
