import { z } from 'zod';
import {
  BrokerStatisticsQuerySchema,
  BrokerStatisticsSchema,
  IntegrationOfficesSchema,
  MEMBER_INTEGRATIONS,
  MemberSyncMultipleInputSchema,
  MemberBulkResultSchema,
  MemberBulkUpdateInputSchema,
  memberContract,
  MemberLinkSignInInputSchema,
  MemberLoginUrlInputSchema,
  MemberLoginUrlRevokeResultSchema,
  MemberLoginUrlSchema,
  MemberPasswordInputSchema,
  MemberSyncResultSchema,
  MemberUserOptionSchema,
  MemberUserOptionsQuerySchema,
  MemberWhatsappConfigInputSchema,
  oneResponseSchema,
  RatingSummaryQuerySchema,
  RatingSummarySchema,
  SessionSchema,
  SyncRunSchema,
} from '@crm/domain';
import { resourceProcedures } from '../../resources/resource-procedures.js';
import { protectedProcedure, publicProcedure, router } from '../../trpc/trpc.js';
import { departmentResource } from './department.resource.js';
import { groupResource } from './group.resource.js';
import { brokerStatistics } from './member-brokers.service.js';
import { bulkUpdateMembers } from './member-bulk.service.js';
import {
  createMemberLoginUrl,
  revokeMemberLoginUrls,
  signInWithMemberLink,
  updateMemberPassword,
  updateMemberWhatsapp,
} from './member-login.service.js';
import { memberRatingResource } from './member-rating.resource.js';
import { ratingSummary } from './member-stats.service.js';
import { integrationOffices, memberSyncRun, syncMemberNow, syncMembers } from './member-sync.service.js';
import { memberUserOptions } from './member-users.service.js';
import { memberResource } from './member.resource.js';

// Team members' calls, tRPC door onto the same services as members.routes.ts, beside the engine's procedures.
// The services check permissions and tenancy. The sync and integration-office calls answer 409 naming the provider
// while it is not configured or off (member-sync.service.ts); a sync answers the run syncRun follows.

const id = z.string().max(100);
const memberAnswer = oneResponseSchema(memberContract.record);
const syncAnswer = oneResponseSchema(MemberSyncResultSchema);

export const membersRouter = router({
  ...resourceProcedures(memberResource),
  bulkUpdate: protectedProcedure
    .input(MemberBulkUpdateInputSchema)
    .output(oneResponseSchema(MemberBulkResultSchema))
    .mutation(async ({ ctx, input }) => ({ data: await bulkUpdateMembers(ctx, input) })),
  createLoginUrl: protectedProcedure
    .input(MemberLoginUrlInputSchema)
    .output(oneResponseSchema(MemberLoginUrlSchema))
    .mutation(async ({ ctx, input }) => ({ data: await createMemberLoginUrl(ctx, input) })),
  revokeLoginUrl: protectedProcedure
    .input(z.strictObject({ id }))
    .output(oneResponseSchema(MemberLoginUrlRevokeResultSchema))
    .mutation(async ({ ctx, input }) => ({ data: await revokeMemberLoginUrls(ctx, input.id) })),
  signInWithLink: publicProcedure
    .input(MemberLinkSignInInputSchema)
    .output(oneResponseSchema(SessionSchema))
    .mutation(async ({ ctx, input }) => ({
      data: await signInWithMemberLink(ctx.deps, input, { ip: undefined, userAgent: undefined, log: ctx.deps.log }),
    })),
  updatePassword: protectedProcedure
    .input(MemberPasswordInputSchema.extend({ id }))
    .output(memberAnswer)
    .mutation(async ({ ctx, input }) => ({ data: await updateMemberPassword(ctx, input.id, { password: input.password }) })),
  updateWhatsappConfig: protectedProcedure
    .input(MemberWhatsappConfigInputSchema.extend({ id }))
    .output(memberAnswer)
    .mutation(async ({ ctx, input }) => {
      const { id: memberId, ...config } = input;
      return { data: await updateMemberWhatsapp(ctx, memberId, config) };
    }),
  userOptions: protectedProcedure
    .input(MemberUserOptionsQuerySchema)
    .output(oneResponseSchema(z.array(MemberUserOptionSchema)))
    .query(async ({ ctx, input }) => ({ data: await memberUserOptions(ctx, input) })),
  ratingSummary: protectedProcedure
    .input(RatingSummaryQuerySchema)
    .output(oneResponseSchema(RatingSummarySchema))
    .query(async ({ ctx, input }) => ({ data: await ratingSummary(ctx, input) })),
  brokerStatistics: protectedProcedure
    .input(BrokerStatisticsQuerySchema)
    .output(oneResponseSchema(BrokerStatisticsSchema))
    .query(async ({ ctx, input }) => ({ data: await brokerStatistics(ctx, input) })),
  syncNow: protectedProcedure
    .input(z.strictObject({ id }))
    .output(syncAnswer)
    .mutation(async ({ ctx, input }) => ({ data: await syncMemberNow(ctx, input.id) })),
  syncMultiple: protectedProcedure
    .input(MemberSyncMultipleInputSchema)
    .output(syncAnswer)
    .mutation(async ({ ctx, input }) => ({ data: await syncMembers(ctx, input) })),
  syncRun: protectedProcedure
    .input(z.strictObject({ id }))
    .output(oneResponseSchema(SyncRunSchema))
    .query(async ({ ctx, input }) => ({ data: await memberSyncRun(ctx, input.id) })),
  integrationOffices: protectedProcedure
    .input(z.strictObject({ integration: z.enum(Object.keys(MEMBER_INTEGRATIONS) as [keyof typeof MEMBER_INTEGRATIONS]), asset: id }))
    .output(oneResponseSchema(IntegrationOfficesSchema))
    .query(async ({ ctx, input }) => ({ data: await integrationOffices(ctx, input.integration, input.asset) })),
});
export const departmentsRouter = router(resourceProcedures(departmentResource));
export const groupsRouter = router(resourceProcedures(groupResource));
export const memberRatingsRouter = router(resourceProcedures(memberRatingResource));
