import { assertPasswordPolicy } from './password-policy.js';
import { createHash, randomBytes } from 'node:crypto';
import {
  ACCESS_LOG_ACTIONS,
  ACCOUNT_MAIL_KINDS,
  AUTH_MESSAGES,
  RESET_PASSWORD_PATH,
  type ForgotPasswordInput,
  type MessageResult,
  type ResetPasswordInput,
  type VerifyTokenInput,
} from '@crm/domain';
import type { AppDeps } from '../../core/deps.js';
import { AppError } from '../../core/app-error.js';
import { revokeAllSessions } from './access-token.service.js';
import { writeAccessLog } from './access-log.service.js';
import { hashPassword } from './password.service.js';
import type { RequestMeta } from './auth.types.js';

// Forgot / verify / reset. A reset token is 32 random bytes sent once by mail; only its SHA-256 is stored,
// it expires after RESET_TOKEN_TTL_SECONDS, and it works once.

type ResetDeps = Pick<AppDeps, 'env' | 'db' | 'clock' | 'mailer'>;

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function resetLink(env: AppDeps['env'], token: string, email: string, type: string): string {
  const url = new URL(RESET_PASSWORD_PATH, env.APP_URL);
  url.searchParams.set('token', token);
  url.searchParams.set('email', email);
  url.searchParams.set('type', type);
  return url.toString();
}

/**
 * POST /auth/forgot-password. Answers the same message whether or not the email has an account. For an
 * enabled account: earlier unused tokens are dropped (only the newest link works) and a mail goes out.
 * The mail is sent without awaiting delivery, so a slow SMTP server does not reveal that the account exists.
 */
export async function forgotPassword(deps: ResetDeps, input: ForgotPasswordInput, meta: RequestMeta): Promise<MessageResult> {
  const answer = { success: true, message: AUTH_MESSAGES.forgotPasswordSent };
  const user = await deps.db.user.findUnique({
    where: { email: input.email },
    select: { id: true, companyId: true, email: true, fullName: true, enabled: true },
  });
  if (!user?.enabled) {
    meta.log.info({ event: 'auth.reset_requested', known: false }, 'password reset requested for no active account');
    return answer;
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(deps.clock.now().getTime() + deps.env.RESET_TOKEN_TTL_SECONDS * 1000);
  await deps.db.$transaction([
    deps.db.passwordResetToken.deleteMany({ where: { userId: user.id, usedAt: null } }),
    deps.db.passwordResetToken.create({ data: { userId: user.id, tokenHash: hashResetToken(token), type: input.type, expiresAt } }),
  ]);
  await writeAccessLog(
    deps.db,
    { email: user.email, action: ACCESS_LOG_ACTIONS.FORGOT_PASSWORD, success: true, userId: user.id, companyId: user.companyId },
    meta,
  );
  const link = resetLink(deps.env, token, user.email, input.type);
  const minutes = Math.round(deps.env.RESET_TOKEN_TTL_SECONDS / 60);
  deps.mailer
    .send({
      to: user.email,
      about: { kind: ACCOUNT_MAIL_KINDS.PASSWORD_RESET, companyId: user.companyId, userId: user.id },
      subject: 'Reset your password',
      text: `Hello ${user.fullName},\n\nTo choose a new password, open this link within ${minutes} minutes:\n${link}\n\nIf you did not ask for this, ignore this mail; your password stays the same.`,
    })
    .catch((error: unknown) => meta.log.error({ err: error, event: 'mail.failed' }, 'password reset mail could not be sent'));
  return answer;
}

/** The token's row if it is unused, unexpired, of an enabled user, and (when given) for that email. */
async function findUsableToken(deps: ResetDeps, token: string, email?: string) {
  const row = await deps.db.passwordResetToken.findUnique({
    where: { tokenHash: hashResetToken(token) },
    include: { user: { select: { id: true, email: true, companyId: true, enabled: true } } },
  });
  if (!row || row.usedAt || row.expiresAt <= deps.clock.now() || !row.user.enabled) return null;
  if (email !== undefined && row.user.email !== email) return null;
  return row;
}

/** POST /auth/verify-token: 200 while the link can still be used for this email, else 401. */
export async function verifyResetToken(deps: ResetDeps, token: string | null, input: VerifyTokenInput): Promise<MessageResult> {
  if (!token || !(await findUsableToken(deps, token, input.email))) throw AppError.unauthorized(AUTH_MESSAGES.invalidResetToken);
  return { success: true, message: AUTH_MESSAGES.resetTokenValid };
}

/**
 * POST /auth/reset-password: sets the new password, spends the token (a second use answers 401) and revokes
 * every session of the user. Spending is a conditional update, so two concurrent uses cannot both succeed.
 */
export async function resetPassword(
  deps: ResetDeps,
  token: string | null,
  input: ResetPasswordInput,
  meta: RequestMeta,
): Promise<MessageResult> {
  const row = token ? await findUsableToken(deps, token) : null;
  if (!token || !row || row.type !== input.type) {
    meta.log.warn(
      { event: 'auth.denied', action: ACCESS_LOG_ACTIONS.RESET_PASSWORD, reason: 'invalid_reset_token', ip: meta.ip },
      'password reset denied',
    );
    throw AppError.unauthorized(AUTH_MESSAGES.invalidResetToken);
  }
  const owner = await deps.db.user.findUnique({ where: { id: row.userId }, select: { companyId: true, email: true, fullName: true } });
  if (owner) await assertPasswordPolicy(deps.db, owner.companyId, input.password, [owner.email, owner.fullName]);
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  const spent = await deps.db.$transaction(async (tx) => {
    const claimed = await tx.passwordResetToken.updateMany({
      where: { id: row.id, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (claimed.count !== 1) return false;
    await tx.user.update({ where: { id: row.user.id }, data: { passwordHash } });
    await revokeAllSessions(tx, row.user.id, now);
    return true;
  });
  if (!spent) throw AppError.unauthorized(AUTH_MESSAGES.invalidResetToken);
  await writeAccessLog(
    deps.db,
    { email: row.user.email, action: ACCESS_LOG_ACTIONS.RESET_PASSWORD, success: true, userId: row.user.id, companyId: row.user.companyId },
    meta,
  );
  return { success: true, message: AUTH_MESSAGES.passwordReset };
}
