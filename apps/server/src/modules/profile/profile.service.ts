import {
  assertPasswordPolicy,
  issueAccessToken,
  revokeAllSessions,
  writeAccessLog,
  hashPassword,
  verifyPassword,
  type RequestMeta,
} from '../auth/index.js';
import { createHmac } from 'node:crypto';
import {
  ACCESS_LOG_ACTIONS,
  AUTH_MESSAGES,
  type ChangeActiveAssetInput,
  type ChangePasswordInput,
  type IntercomHash,
  type IntercomHashInput,
  type Profile,
  type Session,
  type UpdateProfileInput,
} from '@crm/domain';
import type { AppDeps } from '../../core/deps.js';
import type { Actor } from '../../core/actor.js';
import { columnChanges } from '../../resources/activity-log.js';
import { withUnitOfWork } from '../../resources/unit-of-work.js';
import { AppError } from '../../core/app-error.js';
import { assetInReach } from '../../core/authorization.js';
import { secretOf } from '../../core/server-secrets.js';

// Profile (docs/api.md 'Other calls'): the caller's own account.

type ProfileDeps = Pick<AppDeps, 'env' | 'db' | 'clock' | 'log'>;

const PROFILE_INCLUDE = {
  role: true,
  company: { select: { id: true, name: true } },
  activeAsset: { select: { id: true, name: true, currencyCode: true, timezone: true } },
  avatar: { select: { id: true, url: true, deletedAt: true } },
  assets: { select: { asset: { select: { id: true, name: true } } }, orderBy: { asset: { name: 'asc' as const } } },
} as const;

/**
 * GET /profile. A user whose active asset is missing (or no longer theirs) gets the first of their own
 * assets by name, else the first asset they may enter, and that choice is saved (docs/product.md 'Session and assets').
 */
export async function getProfile(deps: ProfileDeps, actor: Actor): Promise<Profile> {
  let user = await deps.db.user.findUniqueOrThrow({ where: { id: actor.userId }, include: PROFILE_INCLUDE });
  const usable = user.activeAssetId !== null && actor.assetIds.includes(user.activeAssetId);
  if (!usable) {
    const fallback = user.assets.find((link) => actor.assetIds.includes(link.asset.id))?.asset.id ?? actor.assetIds[0] ?? null;
    if (fallback !== user.activeAssetId) {
      user = await deps.db.user.update({ where: { id: user.id }, data: { activeAssetId: fallback }, include: PROFILE_INCLUDE });
    }
  }
  const active = user.activeAsset;
  return {
    _id: user.id,
    fullName: user.fullName,
    email: user.email,
    role: { _id: user.role.id, name: user.role.name, code: user.role.code, permissions: [...user.role.permissions] },
    isRootUser: user.isRootUser,
    company: { _id: user.company.id, name: user.company.name },
    activeAsset: active ? { _id: active.id, name: active.name } : null,
    assets: user.assets.map((link) => ({ _id: link.asset.id, name: link.asset.name })),
    avatar: user.avatar && !user.avatar.deletedAt ? { _id: user.avatar.id, file: user.avatar.url } : null,
    business: active ? { currency: { code: active.currencyCode }, timezone: active.timezone } : null,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
  };
}

/** PATCH /profile: full name and avatar (a stored file of one of the caller's assets, or null). */
export async function updateProfile(deps: ProfileDeps, actor: Actor, input: UpdateProfileInput): Promise<Profile> {
  if (input.avatar) {
    const file = await deps.db.storedFile.findFirst({
      where: { id: input.avatar, companyId: actor.companyId, assetId: { in: actor.assetIds }, deletedAt: null },
      select: { id: true },
    });
    if (!file) throw AppError.validation({ avatar: [AUTH_MESSAGES.avatarNotFound] });
  }
  const data = {
    ...(input.fullName !== undefined ? { fullName: input.fullName } : {}),
    ...(input.avatar !== undefined ? { avatarId: input.avatar } : {}),
  };
  await withUnitOfWork(deps, actor, async ({ tx, activity }) => {
    const was = await tx.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { fullName: true, avatarId: true } });
    await tx.user.update({ where: { id: actor.userId }, data });
    activity({ action: 'update', subjectType: 'users', subjectId: actor.userId, assetId: null, ...columnChanges(was, data) });
  });
  return getProfile(deps, actor);
}

/**
 * PATCH /profile/change-password. Every earlier token stops working (tokenVersion bump); the caller gets a
 * fresh session in the answer, so this tab stays logged in while the others are logged out.
 */
export async function changePassword(deps: ProfileDeps, actor: Actor, input: ChangePasswordInput, meta: RequestMeta): Promise<Session> {
  const user = await deps.db.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { id: true, passwordHash: true } });
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    meta.log.warn(
      { event: 'auth.denied', action: ACCESS_LOG_ACTIONS.CHANGE_PASSWORD, userId: actor.userId, reason: 'bad_password' },
      'password change denied',
    );
    await writeAccessLog(
      deps.db,
      {
        email: actor.email,
        action: ACCESS_LOG_ACTIONS.CHANGE_PASSWORD,
        success: false,
        reason: 'bad_password',
        userId: actor.userId,
        companyId: actor.companyId,
      },
      meta,
    );
    throw AppError.validation({ currentPassword: [AUTH_MESSAGES.currentPasswordIncorrect] }, AUTH_MESSAGES.currentPasswordIncorrect);
  }
  await assertPasswordPolicy(deps.db, actor.companyId, input.password, [actor.email, actor.fullName]);
  const passwordHash = await hashPassword(input.password);
  const tokenVersion = await deps.db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { passwordHash } });
    return revokeAllSessions(tx, user.id, deps.clock.now());
  });
  const session = await issueAccessToken(deps, { id: user.id, tokenVersion }, meta);
  await writeAccessLog(
    deps.db,
    { email: actor.email, action: ACCESS_LOG_ACTIONS.CHANGE_PASSWORD, success: true, userId: actor.userId, companyId: actor.companyId },
    meta,
  );
  return session;
}

/** PATCH /profile/change-active-asset: one of the caller's assets (any company asset for super access), else 404. */
export async function changeActiveAsset(deps: ProfileDeps, actor: Actor, input: ChangeActiveAssetInput): Promise<Profile> {
  assetInReach(actor, input.asset);
  await deps.db.user.update({ where: { id: actor.userId }, data: { activeAssetId: input.asset } });
  return getProfile(deps, actor);
}

/** POST /profile/intercom-hash: Intercom's identity verification, HMAC-SHA256 of the user id, hex. */
export function intercomHash(deps: Pick<AppDeps, 'env'>, actor: Actor, input: IntercomHashInput): IntercomHash {
  if (input.userId !== undefined && input.userId !== actor.userId) throw AppError.forbidden(AUTH_MESSAGES.intercomOwnOnly);
  return { hash: createHmac('sha256', secretOf(deps.env, 'INTERCOM_SECRET')).update(actor.userId).digest('hex') };
}
