import type { ServerModule } from '../module.js';
import { customerDoors } from './customer.calls.js';
import { customerResource } from './customer.resource.js';

export const customersModule: ServerModule = {
  name: 'customers',
  openapiTag: { name: 'customers', description: "Customers, the lead form's customer lookup, and a customer's own login" },
  calls: [customerDoors],
  resources: [customerResource],
};
