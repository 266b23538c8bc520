import { roleContract } from '@crm/domain';
import { defineResource } from '../../resources/resource-define.js';

// The engine serves the lists of roles inside the caller's company; writes are the module's own calls
// (roles.routes.ts), which keep SUPER_ADMIN locked and the company with a super admin.
export const roleResource = defineResource(roleContract, { model: 'role', tag: 'admin' });
