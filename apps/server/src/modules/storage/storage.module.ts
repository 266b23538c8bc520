import type { ServerModule } from '../module.js';
import { storageDoors } from './storage.calls.js';
import { storageResource } from './storage.resource.js';
import { storageRoutes } from './storage.routes.js';

export const storageModule: ServerModule = {
  name: 'storage',
  openapiTag: { name: 'storage', description: 'Stored files: upload, the picker, serving the bytes, removal' },
  calls: [storageDoors],
  routes: storageRoutes,
  resources: [storageResource],
};
