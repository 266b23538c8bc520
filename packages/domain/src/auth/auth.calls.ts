import { defineCall, defineCalls } from '../calls/define-call.js';
import {
  ForgotPasswordInputSchema,
  LoginInputSchema,
  MessageResultSchema,
  RefreshInputSchema,
  RegisterInputSchema,
  ResetPasswordCallInputSchema,
  ResetPasswordInputSchema,
  SessionSchema,
  VerifyTokenCallInputSchema,
  VerifyTokenInputSchema,
} from './auth.schemas.js';

// Auth (docs/api.md 'Authentication'). Login, register, refresh, forgot, verify and reset are public (verify and reset
// carry the reset token, not an access token: REST as the bearer, tRPC in the input, since a batch link cannot set a
// per-call header); logout needs the session it ends. Each public call keeps its rate-limit budget (its handler).
const tag = 'auth';
const open = { tag, access: 'public', scope: 'none' } as const;

const login = defineCall({
  ...open,
  operationId: 'auth.login',
  summary: 'Log in with email and password',
  errors: ['UNAUTHORIZED', 'RATE_LIMITED'],
  kind: 'mutation',
  input: LoginInputSchema,
  output: SessionSchema,
  rest: { method: 'POST', path: '/api/auth/login', envelope: 'data' },
});

const register = defineCall({
  ...open,
  operationId: 'auth.register',
  summary: 'Sign up a new company and its first SUPER_ADMIN',
  description: 'Answers the same 202 whether or not the email already has an account; the mail says which.',
  errors: ['RATE_LIMITED'],
  kind: 'mutation',
  input: RegisterInputSchema,
  output: MessageResultSchema,
  rest: { method: 'POST', path: '/api/auth/register', status: 202, envelope: 'data' },
});

const refresh = defineCall({
  ...open,
  operationId: 'auth.refresh',
  summary: 'Exchange a refresh token for a new session (the token works once)',
  errors: ['UNAUTHORIZED', 'RATE_LIMITED'],
  kind: 'mutation',
  input: RefreshInputSchema,
  output: SessionSchema,
  rest: { method: 'POST', path: '/api/auth/refresh', envelope: 'data' },
});

const logout = defineCall({
  operationId: 'auth.logout',
  summary: 'Revoke the calling session',
  tag,
  access: 'signed-in',
  scope: 'none',
  kind: 'mutation',
  output: MessageResultSchema,
  rest: { method: 'POST', path: '/api/auth/logout', envelope: 'data' },
});

const forgotPassword = defineCall({
  ...open,
  operationId: 'auth.forgotPassword',
  summary: 'Mail a password reset link',
  errors: ['RATE_LIMITED'],
  kind: 'mutation',
  input: ForgotPasswordInputSchema,
  output: MessageResultSchema,
  rest: { method: 'POST', path: '/api/auth/forgot-password', envelope: 'data' },
});

const verifyToken = defineCall({
  ...open,
  operationId: 'auth.verifyToken',
  summary: 'Check a reset token (bearer) for an email',
  errors: ['UNAUTHORIZED', 'RATE_LIMITED'],
  kind: 'mutation',
  input: VerifyTokenCallInputSchema,
  output: MessageResultSchema,
  rest: { method: 'POST', path: '/api/auth/verify-token', body: VerifyTokenInputSchema, envelope: 'data', toInput: ({ body }) => body },
});

const resetPassword = defineCall({
  ...open,
  operationId: 'auth.resetPassword',
  summary: 'Set a new password with a reset token (bearer)',
  errors: ['UNAUTHORIZED', 'RATE_LIMITED'],
  kind: 'mutation',
  input: ResetPasswordCallInputSchema,
  output: MessageResultSchema,
  rest: { method: 'POST', path: '/api/auth/reset-password', body: ResetPasswordInputSchema, envelope: 'data', toInput: ({ body }) => body },
});

export const authCalls = defineCalls('auth', { login, register, refresh, logout, forgotPassword, verifyToken, resetPassword });
