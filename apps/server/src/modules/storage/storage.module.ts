import type { ServerModule } from '../module.js';
import { storageResource } from './storage.resource.js';
import { storageRoutes } from './storage.routes.js';

export const storageModule: ServerModule = {
  name: 'storage',
  openapiTag: { name: 'storage', description: 'Stored files: upload, the picker, serving the bytes, removal' },
  routes: storageRoutes,
  resources: [storageResource],
};
