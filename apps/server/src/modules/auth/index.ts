// The auth module's public surface: what the rest of the server uses of it, and nothing else (docs/architecture.md
// 'Modules and their public surfaces').
export { listOwnAccessLogs, writeAccessLog } from './access-log.service.js';
export { issueAccessToken, resolveActor, revokeAllSessions } from './access-token.service.js';
export { enforceAuthRateLimit } from './auth-rate-limit.js';
export { login } from './auth.service.js';
export { requestMeta, type RequestMeta } from './auth.types.js';
export { assertPasswordPolicy } from './password-policy.js';
export { hashResetToken } from './password-reset.service.js';
export { hashPassword, verifyPassword } from './password.service.js';
