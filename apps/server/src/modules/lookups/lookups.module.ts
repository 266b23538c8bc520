import type { ServerModule } from '../module.js';
import { lookupRoutes } from './lookups.routes.js';

export const lookupsModule: ServerModule = { name: 'lookups', routes: lookupRoutes };
