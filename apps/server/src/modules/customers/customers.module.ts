import type { ServerModule } from '../module.js';
import { customerResource } from './customer.resource.js';
import { customerRoutes } from './customers.routes.js';

export const customersModule: ServerModule = {
  name: 'customers',
  openapiTag: { name: 'customers', description: "Customers, the lead form's customer lookup, and a customer's own login" },
  routes: customerRoutes,
  resources: [customerResource],
};
