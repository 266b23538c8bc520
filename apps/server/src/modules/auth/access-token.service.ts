import { createHash, randomBytes, randomUUID, webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { LRUCache } from 'lru-cache';
import { hasSuperAccess, UUID_PATTERN, type PermissionCode, type Session } from '@crm/domain';
import type { AppDeps } from '../../core/deps.js';
import type { DbTx } from '../../db/prisma.js';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/app-error.js';
import { assetOfActor } from '../../core/authorization.js';
import { secretOf } from '../../core/server-secrets.js';
import { loadSessionActor } from './session-actor.query.js';

// Access tokens are short-lived HS256 JWTs naming a session row (jti): logout revokes the row, a password
// change bumps the user's tokenVersion, a disabled user is refused. Verification pins algorithm, issuer,
// audience and expiry (jose checks aud/iss only when told).
const ALGORITHM = 'HS256';

type CryptoKey = webcrypto.CryptoKey;
const secretKeys = new Map<string, Promise<CryptoKey>>();

/**
 * The secret as a WebCrypto key, imported once per secret. jose hands a secret KeyObject or raw bytes to
 * WebCrypto's importKey again on every sign and verify (a measurable share of each request's CPU); a CryptoKey
 * it uses as it is.
 */
function secretKey(deps: Pick<AppDeps, 'env'>): Promise<CryptoKey> {
  const jwtSecret = secretOf(deps.env, 'JWT_SECRET');
  let key = secretKeys.get(jwtSecret);
  if (!key) {
    key = webcrypto.subtle.importKey('raw', Buffer.from(jwtSecret, 'utf8'), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    secretKeys.set(jwtSecret, key);
  }
  return key;
}

export type IssuedToken = Session;

/** A refresh token is 32 random bytes: unguessable, so its SHA-256 is what is stored and looked up. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A session: an access token (a short JWT naming its AuthSession row) and a refresh token of the same family.
 * A login starts a family; each refresh continues it (refresh-token.service.ts), so logout and a reused refresh
 * token can end every token descended from one sign-in.
 */
export async function issueAccessToken(
  deps: Pick<AppDeps, 'env' | 'clock'> & { db: DbTx },
  user: { id: string; tokenVersion: number },
  meta: { ip?: string | undefined; userAgent?: string | undefined } = {},
  familyId: string = randomUUID(),
): Promise<IssuedToken> {
  // The company's session length (Admin > Settings) caps both lifetimes: a sign-in unused for longer ends.
  const company = await deps.db.user.findUnique({ where: { id: user.id }, select: { company: { select: { sessionMinutes: true } } } });
  const sessionSeconds = company?.company.sessionMinutes ? company.company.sessionMinutes * 60 : Number.POSITIVE_INFINITY;
  const ttl = Math.min(deps.env.ACCESS_TOKEN_TTL_SECONDS, sessionSeconds);
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + ttl * 1000);
  const refreshExpiresAt = new Date(now.getTime() + Math.min(deps.env.REFRESH_TOKEN_TTL_SECONDS, sessionSeconds) * 1000);
  const refreshToken = randomBytes(32).toString('base64url');
  const [session] = await Promise.all([
    deps.db.authSession.create({
      data: { userId: user.id, expiresAt, familyId, ip: meta.ip ?? null, userAgent: meta.userAgent?.slice(0, 500) ?? null },
    }),
    deps.db.refreshToken.create({
      data: { userId: user.id, familyId, tokenHash: hashRefreshToken(refreshToken), expiresAt: refreshExpiresAt },
    }),
  ]);
  const token = await new SignJWT({ ver: user.tokenVersion })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(user.id)
    .setJti(session.id)
    .setIssuer(deps.env.JWT_ISSUER)
    .setAudience(deps.env.JWT_AUDIENCE)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(await secretKey(deps));
  return {
    access_token: token,
    token_type: 'Bearer',
    expires_in: ttl,
    expires_at: expiresAt.toISOString(),
    refresh_token: refreshToken,
    refresh_expires_at: refreshExpiresAt.toISOString(),
  };
}

export interface VerifiedToken {
  userId: string;
  sessionId: string;
  tokenVersion: number;
}

/**
 * Tokens whose signature and claims jose has checked, by their exact text, with their expiry. A token is sent
 * with every call of its session; checking the same text again can only give the same answer (one secret per
 * process), so a repeat costs a lookup and the expiry check, not an HMAC on the thread pool. Sessions,
 * revocation and users are still read on every request (resolveActor).
 */
const verifiedTokens = new Map<string, LRUCache<string, VerifiedToken & { expiresAtSeconds: number }>>();

/** The verified tokens of one secret, issuer and audience (one per process, but tests make several). */
function verifiedTokensOf(env: AppDeps['env']) {
  const config = `${secretOf(env, 'JWT_SECRET')}\n${env.JWT_ISSUER}\n${env.JWT_AUDIENCE}`;
  let cache = verifiedTokens.get(config);
  if (!cache) {
    cache = new LRUCache({ max: 10_000 });
    verifiedTokens.set(config, cache);
  }
  return cache;
}

export async function verifyAccessTokenSignature(deps: Pick<AppDeps, 'env' | 'clock'>, token: string): Promise<VerifiedToken> {
  const nowSeconds = Math.floor(deps.clock.now().getTime() / 1000);
  const cache = verifiedTokensOf(deps.env);
  const known = cache.get(token);
  if (known) {
    // As jose judges exp: expired once the current second reaches it.
    if (known.expiresAtSeconds <= nowSeconds) throw AppError.unauthorized('Token expired');
    return { userId: known.userId, sessionId: known.sessionId, tokenVersion: known.tokenVersion };
  }
  try {
    const { payload } = await jwtVerify(token, await secretKey(deps), {
      algorithms: [ALGORITHM],
      issuer: deps.env.JWT_ISSUER,
      audience: deps.env.JWT_AUDIENCE,
      typ: 'JWT',
      currentDate: deps.clock.now(),
      requiredClaims: ['sub', 'jti', 'exp', 'iat'],
    });
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.jti !== 'string' ||
      typeof payload.ver !== 'number' ||
      typeof payload.exp !== 'number'
    ) {
      throw AppError.unauthorized('Invalid token');
    }
    const verified = { userId: payload.sub, sessionId: payload.jti, tokenVersion: payload.ver };
    cache.set(token, { ...verified, expiresAtSeconds: payload.exp });
    return verified;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof joseErrors.JWTExpired) throw AppError.unauthorized('Token expired');
    throw AppError.unauthorized('Invalid token');
  }
}

/** Resolves the caller of a request: signature, session, user state, role and assets in one place. */
export async function resolveActor(deps: Pick<AppDeps, 'env' | 'db' | 'clock'>, token: string, requestedAssetId?: string): Promise<Actor> {
  const verified = await verifyAccessTokenSignature(deps, token);
  // A token's session id is a uuid we issued; anything else cannot name a session.
  const session = UUID_PATTERN.test(verified.sessionId) ? await loadSessionActor(deps.db, verified.sessionId) : null;
  const now = deps.clock.now();
  if (!session || session.userId !== verified.userId) throw AppError.unauthorized('Invalid token');
  if (session.revokedAt) throw AppError.unauthorized('Token revoked');
  if (session.expiresAt <= now) throw AppError.unauthorized('Token expired');
  const user = { ...session, id: session.userId };
  if (!user.enabled) throw AppError.unauthorized('User is disabled');
  if (user.tokenVersion !== verified.tokenVersion) throw AppError.unauthorized('Token revoked');

  const subject = { id: user.id, roleCode: user.roleCode, permissions: user.permissions, isRootUser: user.isRootUser };
  const assetIds = hasSuperAccess(subject) ? user.companyAssetIds : user.ownAssetIds;

  const activeAssetId = user.activeAssetId && assetIds.includes(user.activeAssetId) ? user.activeAssetId : (assetIds[0] ?? null);
  // A request naming another of the caller's assets works in it (core/authorization.ts decides).
  const assetId = requestedAssetId ? assetOfActor({ assetId: activeAssetId, assetIds }, requestedAssetId) : activeAssetId;
  return {
    userId: user.id,
    sessionId: session.sessionId,
    companyId: user.companyId,
    email: user.email,
    fullName: user.fullName,
    roleCode: user.roleCode,
    permissions: user.permissions as PermissionCode[],
    isRootUser: user.isRootUser,
    assetId,
    assetIds,
  };
}

/**
 * Logout: the session's tokens stop working at once (resolveActor checks revokedAt), and with them every token of
 * its family: the refresh token the browser holds, and the access tokens of earlier refreshes.
 */
export async function revokeSession(deps: Pick<AppDeps, 'db' | 'clock'>, sessionId: string): Promise<void> {
  const now = deps.clock.now();
  const session = await deps.db.authSession.findUnique({ where: { id: sessionId }, select: { familyId: true } });
  await deps.db.authSession.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: now } });
  if (session?.familyId) await revokeFamily(deps.db, session.familyId, now);
}

/** Every session and refresh token descended from one sign-in. */
export async function revokeFamily(db: DbTx, familyId: string, now: Date): Promise<void> {
  await db.authSession.updateMany({ where: { familyId, revokedAt: null }, data: { revokedAt: now } });
  await db.refreshToken.updateMany({ where: { familyId, revokedAt: null }, data: { revokedAt: now } });
}

/**
 * Password change or reset: every token of the user stops working. Bumping tokenVersion is what enforces it
 * (tokens carry the version they were issued with); the sessions are marked revoked too, for the record.
 * Returns the new version, to issue the caller's fresh token with.
 */
export async function revokeAllSessions(tx: DbTx, userId: string, now: Date): Promise<number> {
  await tx.authSession.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
  await tx.refreshToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
  const user = await tx.user.update({ where: { id: userId }, data: { tokenVersion: { increment: 1 } }, select: { tokenVersion: true } });
  return user.tokenVersion;
}
