import type { ServerModule } from '../module.js';
import { healthDoors } from './health.calls.js';

export const healthModule: ServerModule = {
  name: 'health',
  openapiTag: { name: 'health', description: 'Liveness and readiness' },
  calls: [healthDoors],
};
