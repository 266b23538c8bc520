import { resourceProcedures } from '../../resources/resource-procedures.js';
import { router } from '../../trpc/trpc.js';
import { userDoors } from './user.calls.js';
import { userResource } from './user.resource.js';

// Admin > Users, tRPC door: the generic resource's read side and the declared calls (user.calls.ts).
export const usersRouter = router({ ...resourceProcedures(userResource), ...userDoors.procedures });
