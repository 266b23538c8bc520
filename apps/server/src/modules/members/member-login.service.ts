import type { z } from 'zod';
import { assertPasswordPolicy, issueAccessToken, revokeAllSessions, hashPassword, type RequestMeta } from '../auth/index.js';
import { createHash, randomBytes } from 'node:crypto';
import {
  MEMBER_CALL_PERMISSIONS,
  MEMBER_LOGIN_LINK,
  MEMBER_MESSAGES as M,
  type MemberLinkSignInInputSchema,
  type MemberLoginUrlInputSchema,
  type MemberPasswordInputSchema,
  type MemberWhatsappConfigInputSchema,
  mayManageUser,
  ACCOUNT_MAIL_KINDS,
  passwordChangedMailOf,
  signInLinkMailOf,
  UUID_PATTERN,
  whatsappNumberOf,
  type ContractRecord,
  type memberContract,
  type MemberLoginUrl,
  type MemberLoginUrlRevokeResult,
  type Session,
} from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import { managedUser, type ManagedUserRow } from '../../core/user-management.js';
import type { DbTx } from '../../db/prisma.js';
import { columnChanges } from '../../resources/activity-log.js';
import { withUnitOfWork } from '../../resources/unit-of-work.js';
import { findRecordById } from '../../resources/resource.service.js';
import { memberAsset, type MemberCall, type MemberDeps } from './member-bulk.service.js';
import { memberResource } from './member.resource.js';

// A member's own login (docs/api.md 'Team members'): the one-time sign-in link, the password of their user
// account, and their WhatsApp settings. A link's token is 32 random bytes; only its SHA-256 is stored, and the
// link works once, until it expires or is revoked. Every call on a member with a login acts on that account, so it
// is refused unless the caller may manage the account in Admin > Users (core/user-management.ts); setting the
// password or making a link ends the account's sessions and mails its owner who did it.

export type MemberRecord = ContractRecord<typeof memberContract>;

const REACH_SELECT = { isRootUser: true, role: { select: { code: true, permissions: true } } } as const;
const reachOf = (user: { isRootUser: boolean; role: { code: string; permissions: string[] } }) => ({
  roleCode: user.role.code,
  permissions: user.role.permissions,
  isRootUser: user.isRootUser,
});

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

async function loadMember(tx: DbTx, assetId: string, id: string) {
  const member = UUID_PATTERN.test(id)
    ? await tx.teamMember.findFirst({
        where: { id, assetId, deletedAt: null },
        select: { id: true, companyId: true, userId: true, enabled: true, whatsappCode: true, phone: true, whatsappNumber: true },
      })
    : null;
  if (!member) throw AppError.notFound(M.memberNotFound);
  return member;
}

/** The member as the engine answers it (the same record GET teams/members/{id} gives). */
function memberRecord(call: MemberCall, id: string): Promise<MemberRecord> {
  return findRecordById(call, memberResource, id) as Promise<MemberRecord>;
}

/** The member's login, within the caller's reach (403 otherwise); 409 when the member has none. */
async function loginOf(call: MemberCall, member: { userId: string | null }): Promise<ManagedUserRow> {
  if (!member.userId) throw AppError.conflict(M.noLogin);
  return managedUser(call.deps.db, call.actor, member.userId, { log: call.deps.log });
}

/** Tells the account's owner what was done to it and by whom, after the commit; a failure is logged, never thrown. */
async function mailOwner(call: MemberCall, assetId: string, user: ManagedUserRow, kind: string, mail: { subject: string; text: string }) {
  const about = { kind, companyId: call.actor.companyId, assetId, userId: user.id };
  await call.deps.mailer
    .send({ to: user.email, about, ...mail })
    .catch((error: unknown) => call.deps.log.warn({ event: 'user.mail.failed', kind, err: error }, 'account mail not sent'));
}

const utcMinute = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** POST login-url: a new one-time link for the member's user account (earlier live links keep working until used). */
export async function createMemberLoginUrl(call: MemberCall, input: z.output<typeof MemberLoginUrlInputSchema>): Promise<MemberLoginUrl> {
  const assetId = memberAsset(call, MEMBER_CALL_PERMISSIONS.update);
  const { db, clock, env } = call.deps;
  const member = await loadMember(db, assetId, input.member);
  const user = await loginOf(call, member);
  if (!user.enabled) throw AppError.conflict(M.loginDisabled);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(clock.now().getTime() + MEMBER_LOGIN_LINK.TTL_MINUTES * 60_000);
  const userId = user.id;
  await withUnitOfWork(call.deps, call.actor, async ({ tx, activity }) => {
    // Whoever holds the account now is signed out: the link's holder is the only way in until its owner is told.
    await revokeAllSessions(tx, userId, clock.now());
    await tx.memberLoginLink.create({
      data: {
        companyId: member.companyId,
        assetId,
        memberId: member.id,
        userId,
        tokenHash: hashToken(token),
        expiresAt,
        creatorId: call.actor.userId,
      },
    });
    const after = { loginLink: 'created', loginLinkExpiresAt: expiresAt.toISOString(), user: userId, sessionsEnded: true };
    activity({ action: 'update', subjectType: 'members', subjectId: member.id, assetId, after });
  });
  const createdBy = call.actor.fullName;
  await mailOwner(
    call,
    assetId,
    user,
    ACCOUNT_MAIL_KINDS.SIGN_IN_LINK_CREATED,
    signInLinkMailOf({ fullName: user.fullName, createdBy, expires: utcMinute(expiresAt) }),
  );
  const url = new URL(MEMBER_LOGIN_LINK.PATH, env.APP_URL);
  url.searchParams.set('token', token);
  return { member: member.id, url: url.toString(), expiresAt: expiresAt.toISOString() };
}

/** DELETE {id}/login-url: every live link of the member stops working (revoking twice is harmless). */
export async function revokeMemberLoginUrls(call: MemberCall, id: string): Promise<MemberLoginUrlRevokeResult> {
  const assetId = memberAsset(call, MEMBER_CALL_PERMISSIONS.update);
  const member = await loadMember(call.deps.db, assetId, id);
  if (member.userId) await loginOf(call, member);
  const now = call.deps.clock.now();
  const count = await withUnitOfWork(call.deps, call.actor, async ({ tx, activity }) => {
    const revoked = await tx.memberLoginLink.updateMany({
      where: { memberId: member.id, usedAt: null, revokedAt: null, expiresAt: { gt: now } },
      data: { revokedAt: now },
    });
    // Revoking when no link is live changes nothing, and leaves no row.
    if (revoked.count > 0)
      activity({ action: 'update', subjectType: 'members', subjectId: member.id, assetId, after: { loginLinksRevoked: revoked.count } });
    return revoked.count;
  });
  return { member: member.id, revoked: count };
}

/**
 * POST login-url/sign-in (public): spends the link and signs its user in. The link is marked used by a conditional
 * update, so two concurrent uses cannot both succeed; every refusal reads the same.
 */
export async function signInWithMemberLink(
  deps: MemberDeps,
  input: z.output<typeof MemberLinkSignInInputSchema>,
  meta: RequestMeta,
): Promise<Session> {
  const { token } = input;
  const now = deps.clock.now();
  const invalid = () => AppError.unauthorized(M.linkInvalid);
  return deps.db.$transaction(async (tx) => {
    const link = await tx.memberLoginLink.findUnique({ where: { tokenHash: hashToken(token) } });
    if (!link) throw invalid();
    const spent = await tx.memberLoginLink.updateMany({
      where: { id: link.id, usedAt: null, revokedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (spent.count !== 1) throw invalid();
    const member = await tx.teamMember.findFirst({
      where: { id: link.memberId, userId: link.userId, deletedAt: null },
      select: { id: true },
    });
    const user = await tx.user.findUnique({
      where: { id: link.userId },
      select: { ...REACH_SELECT, id: true, enabled: true, tokenVersion: true },
    });
    if (!member || !user?.enabled) throw invalid();
    // The link's maker must still be able to act on the account (a role changed since, on either side, ends it).
    const maker = link.creatorId
      ? await tx.user.findUnique({ where: { id: link.creatorId }, select: { ...REACH_SELECT, enabled: true } })
      : null;
    if (!maker?.enabled || !mayManageUser(reachOf(maker), reachOf(user))) throw invalid();
    await tx.user.update({ where: { id: user.id }, data: { lastLoginAt: now, activeAssetId: link.assetId } });
    return issueAccessToken({ ...deps, db: tx }, user, meta);
  });
}

/** PATCH {id}/update-password: only a member with a login; every session of that user ends. */
export async function updateMemberPassword(
  call: MemberCall,
  id: string,
  input: z.output<typeof MemberPasswordInputSchema>,
): Promise<MemberRecord> {
  const assetId = memberAsset(call, MEMBER_CALL_PERMISSIONS.update);
  const { password } = input;
  const member = await loadMember(call.deps.db, assetId, id);
  const user = await loginOf(call, member);
  const userId = user.id;
  await assertPasswordPolicy(call.deps.db, member.companyId, password);
  const passwordHash = await hashPassword(password);
  await withUnitOfWork(call.deps, call.actor, async ({ tx, activity }) => {
    await tx.user.update({ where: { id: userId }, data: { passwordHash } });
    await revokeAllSessions(tx, userId, call.deps.clock.now());
    const after = { password: 'changed', user: userId, sessionsEnded: true };
    activity({ action: 'update', subjectType: 'members', subjectId: member.id, assetId, after });
  });
  const changedBy = call.actor.fullName;
  await mailOwner(call, assetId, user, ACCOUNT_MAIL_KINDS.PASSWORD_CHANGED, passwordChangedMailOf({ fullName: user.fullName, changedBy }));
  return memberRecord(call, member.id);
}

/** PATCH whatsapp-config/{id}: the number and the website button's settings; on needs a number. */
export async function updateMemberWhatsapp(
  call: MemberCall,
  id: string,
  input: z.output<typeof MemberWhatsappConfigInputSchema>,
): Promise<MemberRecord> {
  const assetId = memberAsset(call, MEMBER_CALL_PERMISSIONS.update);
  const member = await loadMember(call.deps.db, assetId, id);
  // The WhatsApp a member with a login shows is that account's contact: its owner's (or their admin's) to set.
  if (member.userId) await loginOf(call, member);
  const code = input.whatsappCode === undefined ? member.whatsappCode : input.whatsappCode || null;
  const number = input.whatsappNumber === undefined ? member.whatsappNumber : input.whatsappNumber?.replace(/[\s-]/g, '') || null;
  if (input.enabled && !whatsappNumberOf({ whatsappNumber: number, whatsappCode: code, phone: member.phone }))
    throw AppError.validation({ whatsappNumber: [M.whatsappNumberRequired] }, M.whatsappNumberRequired);
  const data = { whatsappCode: code, whatsappNumber: number, whatsappConfig: { enabled: input.enabled, greeting: input.greeting ?? null } };
  await withUnitOfWork(call.deps, call.actor, async ({ tx, activity }) => {
    const was = await tx.teamMember.findUniqueOrThrow({ where: { id: member.id }, select: { whatsappConfig: true } });
    await tx.teamMember.update({ where: { id: member.id }, data: { ...data, updatedById: call.actor.userId } });
    const { before, after } = columnChanges({ ...member, whatsappConfig: was.whatsappConfig }, data);
    activity({ action: 'update', subjectType: 'members', subjectId: member.id, assetId, before, after });
  });
  return memberRecord(call, member.id);
}
