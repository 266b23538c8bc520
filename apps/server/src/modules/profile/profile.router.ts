import {
  AccessLogQuerySchema,
  AccessLogSchema,
  ChangeActiveAssetInputSchema,
  ChangePasswordInputSchema,
  IntercomHashInputSchema,
  IntercomHashSchema,
  listResponseSchema,
  ProfileSchema,
  SessionSchema,
  UpdateProfileInputSchema,
} from '@crm/domain';
import { protectedProcedure, router } from '../../trpc/trpc.js';
import { listOwnAccessLogs, enforceAuthRateLimit, requestMeta } from '../auth/index.js';
import { changeActiveAsset, changePassword, getProfile, intercomHash, updateProfile } from './profile.service.js';

// Profile (docs/api.md 'Other calls'), tRPC door onto the same services as REST.
export const profileRouter = router({
  get: protectedProcedure.output(ProfileSchema).query(({ ctx }) => getProfile(ctx.deps, ctx.actor)),
  update: protectedProcedure
    .input(UpdateProfileInputSchema)
    .output(ProfileSchema)
    .mutation(({ ctx, input }) => updateProfile(ctx.deps, ctx.actor, input)),
  changePassword: protectedProcedure
    .input(ChangePasswordInputSchema)
    .output(SessionSchema)
    .mutation(async ({ ctx, input }) => {
      await enforceAuthRateLimit(ctx.deps, ctx.req, 'changePassword', ctx.actor.userId, ctx.res);
      return changePassword(ctx.deps, ctx.actor, input, requestMeta(ctx.req));
    }),
  changeActiveAsset: protectedProcedure
    .input(ChangeActiveAssetInputSchema)
    .output(ProfileSchema)
    .mutation(({ ctx, input }) => changeActiveAsset(ctx.deps, ctx.actor, input)),
  intercomHash: protectedProcedure
    .input(IntercomHashInputSchema.optional())
    .output(IntercomHashSchema)
    .mutation(({ ctx, input }) => intercomHash(ctx.deps, ctx.actor, input ?? {})),
  accessLogs: protectedProcedure
    .input(AccessLogQuerySchema.optional())
    .output(listResponseSchema(AccessLogSchema))
    .query(({ ctx, input }) => listOwnAccessLogs(ctx.deps, ctx.actor, input ?? {})),
});
