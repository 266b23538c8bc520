import { resourceProcedures } from '../../resources/resource-procedures.js';
import { router } from '../../trpc/trpc.js';
import { customerDoors } from './customer.calls.js';
import { customerResource } from './customer.resource.js';

// Customers, tRPC door: the engine's procedures (list, search, create, update...) and the declared calls
// (customer.calls.ts).
export const customersRouter = router({ ...resourceProcedures(customerResource), ...customerDoors.procedures });
