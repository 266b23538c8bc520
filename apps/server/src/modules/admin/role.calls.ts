import { roleCalls } from '@crm/domain';
import { serveCalls } from '../../calls/serve-calls.js';
import { createRole, removeRole, updateRole } from './role-admin.service.js';

// Admin > User Roles, both doors from the declarations (packages/domain admin/role.calls.ts).
export const roleDoors = serveCalls(roleCalls, {
  add: ({ deps, actor, input }) => createRole(deps, actor, input),
  change: ({ deps, actor, input }) => updateRole(deps, actor, input.id, input.data),
  removeRole: ({ deps, actor, input }) => removeRole(deps, actor, input.id),
});
