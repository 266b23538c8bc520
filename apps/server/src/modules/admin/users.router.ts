import {
  AcceptInviteInputSchema,
  PERMISSIONS,
  SessionSchema,
  UserCreateInputSchema,
  UserDetailSchema,
  UserIdInputSchema,
  UserInviteInputSchema,
  UserLinkSchema,
  UserStatusCallInputSchema,
  UserUpdateCallInputSchema,
} from '@crm/domain';
import { resourceProcedures } from '../../resources/resource-procedures.js';
import { permissionProcedure, publicProcedure, router } from '../../trpc/trpc.js';
import { enforceAuthRateLimit, requestMeta } from '../auth/index.js';
import { createUser, inviteUser, resetUserPassword, setUserEnabled, updateUser, userDetail } from './user-admin.service.js';
import { userResource } from './user.resource.js';
import { acceptInvite } from './user-link.service.js';

// Admin > Users, tRPC door onto the same services as users.routes.ts; the read side is the generic resource's.
const admin = permissionProcedure([PERMISSIONS.USERS_VIEW]);

export const usersRouter = router({
  ...resourceProcedures(userResource),
  detail: admin
    .input(UserIdInputSchema)
    .output(UserDetailSchema)
    .query(({ ctx, input }) => userDetail(ctx.deps, ctx.actor, input.id)),
  invite: admin
    .input(UserInviteInputSchema)
    .output(UserLinkSchema)
    .mutation(({ ctx, input }) => inviteUser(ctx.deps, ctx.actor, input)),
  createWithPassword: admin
    .input(UserCreateInputSchema)
    .output(UserDetailSchema)
    .mutation(({ ctx, input }) => createUser(ctx.deps, ctx.actor, input)),
  change: admin
    .input(UserUpdateCallInputSchema)
    .output(UserDetailSchema)
    .mutation(({ ctx, input }) => updateUser(ctx.deps, ctx.actor, input.id, input.data)),
  setStatus: admin
    .input(UserStatusCallInputSchema)
    .output(UserDetailSchema)
    .mutation(({ ctx, input }) => setUserEnabled(ctx.deps, ctx.actor, input.id, input.enabled)),
  resetPassword: admin
    .input(UserIdInputSchema)
    .output(UserLinkSchema)
    .mutation(({ ctx, input }) => resetUserPassword(ctx.deps, ctx.actor, input.id)),
  acceptInvite: publicProcedure
    .input(AcceptInviteInputSchema)
    .output(SessionSchema)
    .mutation(async ({ ctx, input }) => {
      await enforceAuthRateLimit(ctx.deps, ctx.req, 'resetPassword', undefined, ctx.res);
      return acceptInvite(ctx.deps, input, requestMeta(ctx.req));
    }),
});
