import type { ServerModule } from '../module.js';
import { customerResource } from './customer.resource.js';
import { customerRoutes } from './customers.routes.js';

export const customersModule: ServerModule = { name: 'customers', routes: customerRoutes, resources: [customerResource] };
