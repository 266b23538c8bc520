import {
  ForgotPasswordInputSchema,
  LoginInputSchema,
  MessageResultSchema,
  RefreshInputSchema,
  RegisterInputSchema,
  ResetPasswordCallInputSchema,
  SessionSchema,
  VerifyTokenCallInputSchema,
} from '@crm/domain';
import { protectedProcedure, publicProcedure, router } from '../../trpc/trpc.js';
import { bearerToken } from '../../plugins/auth.plugin.js';
import { enforceAuthRateLimit, guardLogin } from './auth-rate-limit.js';
import { login, logout, register } from './auth.service.js';
import { forgotPassword, resetPassword, verifyResetToken } from './password-reset.service.js';
import { requestMeta } from './auth.types.js';
import { refreshSession } from './refresh-token.service.js';

// Auth (docs/api.md 'Authentication'), tRPC door onto the same services and the same rate-limit budgets as REST.
// Reset calls take the token from the input (a batch link cannot set a per-call header) or the bearer.
export const authRouter = router({
  login: publicProcedure
    .input(LoginInputSchema)
    .output(SessionSchema)
    .mutation(async ({ ctx, input }) => {
      return guardLogin(ctx.deps, ctx.req, input.email, () => login(ctx.deps, input, requestMeta(ctx.req)), ctx.res);
    }),

  register: publicProcedure
    .input(RegisterInputSchema)
    .output(MessageResultSchema)
    .mutation(async ({ ctx, input }) => {
      await enforceAuthRateLimit(ctx.deps, ctx.req, 'register', undefined, ctx.res);
      return register(ctx.deps, input, requestMeta(ctx.req));
    }),

  refresh: publicProcedure
    .input(RefreshInputSchema)
    .output(SessionSchema)
    .mutation(async ({ ctx, input }) => {
      await enforceAuthRateLimit(ctx.deps, ctx.req, 'refresh', undefined, ctx.res);
      return refreshSession(ctx.deps, input, requestMeta(ctx.req));
    }),

  logout: protectedProcedure.output(MessageResultSchema).mutation(({ ctx }) => logout(ctx.deps, ctx.actor, requestMeta(ctx.req))),

  forgotPassword: publicProcedure
    .input(ForgotPasswordInputSchema)
    .output(MessageResultSchema)
    .mutation(async ({ ctx, input }) => {
      await enforceAuthRateLimit(ctx.deps, ctx.req, 'forgotPassword', input.email, ctx.res);
      return forgotPassword(ctx.deps, input, requestMeta(ctx.req));
    }),

  verifyToken: publicProcedure
    .input(VerifyTokenCallInputSchema)
    .output(MessageResultSchema)
    .mutation(async ({ ctx, input }) => {
      await enforceAuthRateLimit(ctx.deps, ctx.req, 'resetPassword', undefined, ctx.res);
      const { token, ...body } = input;
      return verifyResetToken(ctx.deps, token ?? bearerToken(ctx.req), body);
    }),

  resetPassword: publicProcedure
    .input(ResetPasswordCallInputSchema)
    .output(MessageResultSchema)
    .mutation(async ({ ctx, input }) => {
      await enforceAuthRateLimit(ctx.deps, ctx.req, 'resetPassword', undefined, ctx.res);
      const { token, ...body } = input;
      return resetPassword(ctx.deps, token ?? bearerToken(ctx.req), body, requestMeta(ctx.req));
    }),
});
