import { profileCalls } from '@crm/domain';
import { serveCalls } from '../../calls/serve-calls.js';
import { enforceAuthRateLimit, listOwnAccessLogs, requestMeta } from '../auth/index.js';
import { changeActiveAsset, changePassword, getProfile, intercomHash, updateProfile } from './profile.service.js';

// Profile, both doors from the declarations (packages/domain auth/profile.calls.ts).
export const profileDoors = serveCalls(profileCalls, {
  get: ({ deps, actor }) => getProfile(deps, actor),
  update: ({ deps, actor, input }) => updateProfile(deps, actor, input),
  changePassword: async ({ deps, actor, input, request, reply }) => {
    await enforceAuthRateLimit(deps, request, 'changePassword', actor.userId, reply);
    return changePassword(deps, actor, input, requestMeta(request));
  },
  changeActiveAsset: ({ deps, actor, input }) => changeActiveAsset(deps, actor, input),
  intercomHash: async ({ deps, actor, input }) => intercomHash(deps, actor, input ?? {}),
  accessLogs: ({ deps, actor, input }) => listOwnAccessLogs(deps, actor, input ?? {}),
});
