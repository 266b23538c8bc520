import { PERMISSIONS, RoleIdInputSchema, RoleInputSchema, RoleRecordSchema, RoleUpdateCallInputSchema } from '@crm/domain';
import { resourceProcedures } from '../../resources/resource-procedures.js';
import { permissionProcedure, router } from '../../trpc/trpc.js';
import { createRole, removeRole, updateRole } from './role-admin.service.js';
import { roleResource } from './role.resource.js';

// Admin > User Roles, tRPC door onto the same services as roles.routes.ts; the read side is the generic resource's.
const admin = permissionProcedure([PERMISSIONS.ROLES_VIEW]);

export const rolesRouter = router({
  ...resourceProcedures(roleResource),
  add: admin
    .input(RoleInputSchema)
    .output(RoleRecordSchema)
    .mutation(({ ctx, input }) => createRole(ctx.deps, ctx.actor, input)),
  change: admin
    .input(RoleUpdateCallInputSchema)
    .output(RoleRecordSchema)
    .mutation(({ ctx, input }) => updateRole(ctx.deps, ctx.actor, input.id, input.data)),
  removeRole: admin
    .input(RoleIdInputSchema)
    .output(RoleRecordSchema)
    .mutation(({ ctx, input }) => removeRole(ctx.deps, ctx.actor, input.id)),
});
