import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ForgotPasswordInputSchema,
  LoginInputSchema,
  MessageResultSchema,
  RefreshInputSchema,
  RegisterInputSchema,
  ResetPasswordInputSchema,
  SessionSchema,
  VerifyTokenInputSchema,
  oneResponseSchema,
} from '@crm/domain';
import { actorOf, bearerToken } from '../../plugins/auth.plugin.js';
import { enforceAuthRateLimit, guardLogin, registerAuthRateLimits } from './auth-rate-limit.js';
import { login, logout, register } from './auth.service.js';
import { forgotPassword, resetPassword, verifyResetToken } from './password-reset.service.js';
import { requestMeta } from './auth.types.js';
import { refreshSession } from './refresh-token.service.js';

// Auth (docs/api.md 'Authentication'), REST door. Login, register, forgot, verify and reset are public (verify and reset
// carry the reset token, not an access token, as bearer); logout needs the session it ends.
export async function authRoutes(fastify: FastifyInstance) {
  await registerAuthRateLimits(fastify);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const sessionAnswer = { 200: oneResponseSchema(SessionSchema) };
  const messageAnswer = { 200: oneResponseSchema(MessageResultSchema) };
  const tags = ['auth'];

  app.post(
    '/api/auth/login',
    {
      config: { public: true, errors: ['UNAUTHORIZED', 'RATE_LIMITED'] },
      schema: {
        tags,
        operationId: 'auth.login',
        summary: 'Log in with email and password',
        body: LoginInputSchema,
        response: sessionAnswer,
      },
    },
    async (req) => {
      return { data: await guardLogin(deps, req, req.body.email, () => login(deps, req.body, requestMeta(req))) };
    },
  );

  app.post(
    '/api/auth/register',
    {
      config: { public: true, errors: ['RATE_LIMITED'] },
      schema: {
        tags,
        operationId: 'auth.register',
        summary: 'Sign up a new company and its first SUPER_ADMIN',
        description: 'Answers the same 202 whether or not the email already has an account; the mail says which.',
        body: RegisterInputSchema,
        response: { 202: oneResponseSchema(MessageResultSchema) },
      },
    },
    async (req, reply) => {
      await enforceAuthRateLimit(deps, req, 'register');
      const answer = await register(deps, req.body, requestMeta(req));
      return reply.status(202).send({ data: answer });
    },
  );

  app.post(
    '/api/auth/refresh',
    {
      config: { public: true, errors: ['UNAUTHORIZED', 'RATE_LIMITED'] },
      schema: {
        tags,
        operationId: 'auth.refresh',
        summary: 'Exchange a refresh token for a new session (the token works once)',
        body: RefreshInputSchema,
        response: sessionAnswer,
      },
    },
    async (req) => {
      await enforceAuthRateLimit(deps, req, 'refresh');
      return { data: await refreshSession(deps, req.body, requestMeta(req)) };
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: { tags, operationId: 'auth.logout', summary: 'Revoke the calling session', response: messageAnswer } },
    async (req) => ({ data: await logout(deps, actorOf(req), requestMeta(req)) }),
  );

  app.post(
    '/api/auth/forgot-password',
    {
      config: { public: true, errors: ['RATE_LIMITED'] },
      schema: {
        tags,
        operationId: 'auth.forgotPassword',
        summary: 'Mail a password reset link',
        body: ForgotPasswordInputSchema,
        response: messageAnswer,
      },
    },
    async (req) => {
      await enforceAuthRateLimit(deps, req, 'forgotPassword', req.body.email);
      return { data: await forgotPassword(deps, req.body, requestMeta(req)) };
    },
  );

  app.post(
    '/api/auth/verify-token',
    {
      config: { public: true, errors: ['UNAUTHORIZED', 'RATE_LIMITED'] },
      schema: {
        tags,
        operationId: 'auth.verifyToken',
        summary: 'Check a reset token (bearer) for an email',
        body: VerifyTokenInputSchema,
        response: messageAnswer,
      },
    },
    async (req) => {
      await enforceAuthRateLimit(deps, req, 'resetPassword');
      return { data: await verifyResetToken(deps, bearerToken(req), req.body) };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: { public: true, errors: ['UNAUTHORIZED', 'RATE_LIMITED'] },
      schema: {
        tags,
        operationId: 'auth.resetPassword',
        summary: 'Set a new password with a reset token (bearer)',
        body: ResetPasswordInputSchema,
        response: messageAnswer,
      },
    },
    async (req) => {
      await enforceAuthRateLimit(deps, req, 'resetPassword');
      return { data: await resetPassword(deps, bearerToken(req), req.body, requestMeta(req)) };
    },
  );
}
