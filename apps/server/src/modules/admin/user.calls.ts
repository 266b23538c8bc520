import { userCalls } from '@crm/domain';
import { serveCalls } from '../../calls/serve-calls.js';
import { enforceAuthRateLimit, requestMeta } from '../auth/index.js';
import { createUser, inviteUser, resetUserPassword, setUserEnabled, updateUser, userDetail } from './user-admin.service.js';
import { acceptInvite } from './user-link.service.js';

// Admin > Users, both doors from the declarations (packages/domain admin/user.calls.ts).
export const userDoors = serveCalls(userCalls, {
  detail: ({ deps, actor, input }) => userDetail(deps, actor, input.id),
  invite: ({ deps, actor, input }) => inviteUser(deps, actor, input),
  createWithPassword: ({ deps, actor, input }) => createUser(deps, actor, input),
  change: ({ deps, actor, input }) => updateUser(deps, actor, input.id, input.data),
  setStatus: ({ deps, actor, input }) => setUserEnabled(deps, actor, input.id, input.enabled),
  resetPassword: ({ deps, actor, input }) => resetUserPassword(deps, actor, input.id),
  acceptInvite: async ({ deps, input, request, reply }) => {
    await enforceAuthRateLimit(deps, request, 'resetPassword', undefined, reply);
    return acceptInvite(deps, input, requestMeta(request));
  },
});
