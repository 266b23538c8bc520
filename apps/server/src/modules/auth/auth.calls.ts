import { authCalls } from '@crm/domain';
import { serveCalls } from '../../calls/serve-calls.js';
import { bearerToken } from '../../plugins/auth.plugin.js';
import { enforceAuthRateLimit, guardLogin } from './auth-rate-limit.js';
import { login, logout, register } from './auth.service.js';
import { requestMeta } from './auth.types.js';
import { forgotPassword, resetPassword, verifyResetToken } from './password-reset.service.js';
import { refreshSession } from './refresh-token.service.js';

// Auth, both doors from the declarations (packages/domain auth/auth.calls.ts), with the same rate-limit budgets.
export const authDoors = serveCalls(authCalls, {
  login: ({ deps, input, request, reply }) => guardLogin(deps, request, input.email, () => login(deps, input, requestMeta(request)), reply),
  register: async ({ deps, input, request, reply }) => {
    await enforceAuthRateLimit(deps, request, 'register', undefined, reply);
    return register(deps, input, requestMeta(request));
  },
  refresh: async ({ deps, input, request, reply }) => {
    await enforceAuthRateLimit(deps, request, 'refresh', undefined, reply);
    return refreshSession(deps, input, requestMeta(request));
  },
  logout: ({ deps, actor, request }) => logout(deps, actor, requestMeta(request)),
  forgotPassword: async ({ deps, input, request, reply }) => {
    await enforceAuthRateLimit(deps, request, 'forgotPassword', input.email, reply);
    return forgotPassword(deps, input, requestMeta(request));
  },
  verifyToken: async ({ deps, input: { token, ...body }, request, reply }) => {
    await enforceAuthRateLimit(deps, request, 'resetPassword', undefined, reply);
    return verifyResetToken(deps, token ?? bearerToken(request), body);
  },
  resetPassword: async ({ deps, input: { token, ...body }, request, reply }) => {
    await enforceAuthRateLimit(deps, request, 'resetPassword', undefined, reply);
    return resetPassword(deps, token ?? bearerToken(request), body, requestMeta(request));
  },
});
