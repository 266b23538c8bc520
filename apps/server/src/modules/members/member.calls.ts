import { memberCalls } from '@crm/domain';
import { serveCalls } from '../../calls/serve-calls.js';
import { requestMeta } from '../auth/index.js';
import { brokerStatistics } from './member-brokers.service.js';
import { bulkUpdateMembers } from './member-bulk.service.js';
import {
  createMemberLoginUrl,
  revokeMemberLoginUrls,
  signInWithMemberLink,
  updateMemberPassword,
  updateMemberWhatsapp,
} from './member-login.service.js';
import { ratingSummary } from './member-stats.service.js';
import { memberSyncRun, syncMemberNow, syncMembers } from './member-sync.service.js';
import { memberUserOptions } from './member-users.service.js';

// Team members' calls, both doors from the declarations (packages/domain teams/member.calls.ts).
export const memberDoors = serveCalls(memberCalls, {
  bulkUpdate: async ({ deps, actor, input }) => ({ data: await bulkUpdateMembers({ deps, actor }, input) }),
  createLoginUrl: async ({ deps, actor, input }) => ({ data: await createMemberLoginUrl({ deps, actor }, input) }),
  revokeLoginUrl: async ({ deps, actor, input }) => ({ data: await revokeMemberLoginUrls({ deps, actor }, input.id) }),
  signInWithLink: async ({ deps, input, request }) => ({ data: await signInWithMemberLink(deps, input, requestMeta(request)) }),
  updatePassword: async ({ deps, actor, input: { id, ...password } }) => ({
    data: await updateMemberPassword({ deps, actor }, id, password),
  }),
  updateWhatsappConfig: async ({ deps, actor, input: { id, ...config } }) => ({
    data: await updateMemberWhatsapp({ deps, actor }, id, config),
  }),
  userOptions: async ({ deps, actor, input }) => ({ data: await memberUserOptions({ deps, actor }, input) }),
  ratingSummary: async ({ deps, actor, input }) => ({ data: await ratingSummary({ deps, actor }, input) }),
  brokerStatistics: async ({ deps, actor, input }) => ({ data: await brokerStatistics({ deps, actor }, input) }),
  syncNow: async ({ deps, actor, input }) => ({ data: await syncMemberNow({ deps, actor }, input.id) }),
  syncMultiple: async ({ deps, actor, input }) => ({ data: await syncMembers({ deps, actor }, input) }),
  syncRun: async ({ deps, actor, input }) => ({ data: await memberSyncRun({ deps, actor }, input.id) }),
});
