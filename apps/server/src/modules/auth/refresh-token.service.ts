import { AUTH_MESSAGES, type RefreshInput, type Session } from '@crm/domain';
import type { AppDeps } from '../../core/deps.js';
import { AppError } from '../../core/app-error.js';
import { hashRefreshToken, issueAccessToken, revokeFamily } from './access-token.service.js';
import type { RequestMeta } from './auth.types.js';

// POST /auth/refresh (docs/api.md 'Refresh tokens'): a refresh token buys the next session once. It is spent in the
// same transaction that issues its successor (row lock: two refreshes of one token cannot both win); a spent token
// presented again means it was copied, so the whole family (every session of that sign-in) is revoked.

type RefreshDeps = Pick<AppDeps, 'env' | 'db' | 'clock'>;

type Outcome = { session: Session } | { refused: 'unknown' | 'revoked' | 'expired' | 'reused' | 'user' };

export async function refreshSession(deps: RefreshDeps, input: RefreshInput, meta: RequestMeta): Promise<Session> {
  const now = deps.clock.now();
  const outcome = await deps.db.$transaction(async (tx): Promise<Outcome> => {
    const [row] = await tx.$queryRaw<
      { id: string; userId: string; familyId: string; expiresAt: Date; rotatedAt: Date | null; revokedAt: Date | null }[]
    >`
      SELECT id, "userId", "familyId", "expiresAt", "rotatedAt", "revokedAt" FROM "RefreshToken"
      WHERE "tokenHash" = ${hashRefreshToken(input.refresh_token)} FOR UPDATE`;
    if (!row) return { refused: 'unknown' };
    if (row.revokedAt) return { refused: 'revoked' };
    if (row.rotatedAt) {
      // Committed with the refusal: whoever holds a copy of any token of this sign-in is out.
      await revokeFamily(tx, row.familyId, now);
      return { refused: 'reused' };
    }
    if (row.expiresAt <= now) return { refused: 'expired' };
    const user = await tx.user.findUnique({ where: { id: row.userId }, select: { id: true, enabled: true, tokenVersion: true } });
    if (!user?.enabled) return { refused: 'user' };
    await tx.refreshToken.update({ where: { id: row.id }, data: { rotatedAt: now } });
    return { session: await issueAccessToken({ ...deps, db: tx }, user, meta, row.familyId) };
  });
  if ('session' in outcome) return outcome.session;
  meta.log.warn({ event: 'auth.denied', action: 'refresh', reason: outcome.refused, ip: meta.ip }, 'refresh denied');
  throw AppError.unauthorized(AUTH_MESSAGES.invalidRefreshToken);
}
