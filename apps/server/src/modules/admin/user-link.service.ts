import { randomBytes } from 'node:crypto';
import {
  ACCEPT_INVITE_PATH,
  ACCESS_LOG_ACTIONS,
  ADMIN_MESSAGES,
  ADMIN_RESET_TOKEN_TYPE,
  INVITE_TOKEN_TYPE,
  INVITE_TTL_HOURS,
  type AcceptInviteInput,
  type Session,
} from '@crm/domain';
import type { AppDeps } from '../../core/deps.js';
import { AppError } from '../../core/app-error.js';
import type { DbTx } from '../../db/prisma.js';
import {
  issueAccessToken,
  revokeAllSessions,
  writeAccessLog,
  type RequestMeta,
  hashPassword,
  hashResetToken,
  assertPasswordPolicy,
} from '../auth/index.js';

// The single-use links an admin hands to a user: an invitation (the account has no password yet) or a reset the
// admin started. Both open the accept-invite page, where the user chooses a password and is signed in. The token
// is 32 random bytes; only its SHA-256 is stored (in the password-reset table, by type), it expires, works once,
// and a newer link replaces any older unused one.

export type UserLinkType = typeof INVITE_TOKEN_TYPE | typeof ADMIN_RESET_TOKEN_TYPE;
const LINK_TYPES: readonly string[] = [INVITE_TOKEN_TYPE, ADMIN_RESET_TOKEN_TYPE];

/** A user without a password of their own yet (invited, or reset by an admin): no password verifies against it. */
export const NO_PASSWORD = '';

export async function issueUserLink(
  deps: Pick<AppDeps, 'env' | 'clock'> & { db: DbTx },
  userId: string,
  type: UserLinkType,
): Promise<{ link: string; expiresAt: string }> {
  const token = randomBytes(32).toString('base64url');
  const ttlMs = type === INVITE_TOKEN_TYPE ? INVITE_TTL_HOURS * 3_600_000 : deps.env.RESET_TOKEN_TTL_SECONDS * 1000;
  const expiresAt = new Date(deps.clock.now().getTime() + ttlMs);
  await deps.db.passwordResetToken.deleteMany({ where: { userId, usedAt: null } });
  await deps.db.passwordResetToken.create({ data: { userId, tokenHash: hashResetToken(token), type, expiresAt } });
  const url = new URL(ACCEPT_INVITE_PATH, deps.env.APP_URL);
  url.searchParams.set('token', token);
  return { link: url.toString(), expiresAt: expiresAt.toISOString() };
}

/**
 * POST /auth/accept-invite: spends the link (a conditional update, so two uses at once cannot both pass), sets the
 * password, ends any earlier session and signs the user in. A link that is unknown, spent, expired, of another kind
 * or of a disabled user answers the same 401.
 */
export async function acceptInvite(
  deps: Pick<AppDeps, 'env' | 'db' | 'clock'>,
  input: AcceptInviteInput,
  meta: RequestMeta,
): Promise<Session> {
  const now = deps.clock.now();
  const row = await deps.db.passwordResetToken.findUnique({
    where: { tokenHash: hashResetToken(input.token) },
    include: { user: { select: { id: true, email: true, fullName: true, companyId: true, enabled: true } } },
  });
  if (!row || !LINK_TYPES.includes(row.type) || row.usedAt || row.expiresAt <= now || !row.user.enabled) {
    meta.log.warn({ event: 'auth.denied', action: 'accept-invite', reason: 'invalid_invite_token', ip: meta.ip }, 'invitation refused');
    throw AppError.unauthorized(ADMIN_MESSAGES.invite.invalid);
  }
  await assertPasswordPolicy(deps.db, row.user.companyId, input.password, [row.user.email, row.user.fullName]);
  const passwordHash = await hashPassword(input.password);
  const user = await deps.db.$transaction(async (tx) => {
    const claimed = await tx.passwordResetToken.updateMany({
      where: { id: row.id, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (claimed.count !== 1) return null;
    await tx.user.update({ where: { id: row.user.id }, data: { passwordHash, lastLoginAt: now } });
    const tokenVersion = await revokeAllSessions(tx, row.user.id, now);
    return { id: row.user.id, tokenVersion };
  });
  if (!user) throw AppError.unauthorized(ADMIN_MESSAGES.invite.invalid);
  const session = await issueAccessToken(deps, user, meta);
  const entry = { email: row.user.email, success: true, userId: row.user.id, companyId: row.user.companyId };
  await writeAccessLog(deps.db, { ...entry, action: ACCESS_LOG_ACTIONS.RESET_PASSWORD, reason: row.type }, meta);
  await writeAccessLog(deps.db, { ...entry, action: ACCESS_LOG_ACTIONS.LOGIN }, meta);
  return session;
}
