import type { ServerModule } from '../module.js';
import { customerDoors } from './customer.calls.js';
import { customerResource } from './customer.resource.js';

export const customersModule: ServerModule = { name: 'customers', calls: [customerDoors], resources: [customerResource] };
