import { resourceProcedures } from '../../resources/resource-procedures.js';
import { router } from '../../trpc/trpc.js';
import { roleDoors } from './role.calls.js';
import { roleResource } from './role.resource.js';

// Admin > User Roles, tRPC door: the generic resource's read side and the declared calls (role.calls.ts).
export const rolesRouter = router({ ...resourceProcedures(roleResource), ...roleDoors.procedures });
