import type { ServerModule } from '../module.js';
import { storageResource } from './storage.resource.js';
import { storageRoutes } from './storage.routes.js';

export const storageModule: ServerModule = { name: 'storage', routes: storageRoutes, resources: [storageResource] };
