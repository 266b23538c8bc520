import {
  ACCOUNT_MAIL_KINDS,
  ADMIN_MESSAGES,
  adminResetMailOf,
  ADMIN_RESET_TOKEN_TYPE,
  INVITE_TOKEN_TYPE,
  INVITE_TTL_HOURS,
  inviteMailOf,
  type UserCreateInput,
  type UserDetail,
  type UserInviteInput,
  type UserLink,
  type UserUpdateInput,
} from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import type { AppDeps } from '../../core/deps.js';
import { AppError } from '../../core/app-error.js';
import type { DbTx } from '../../db/prisma.js';
import { Prisma } from '../../generated/prisma/client.js';
import { revokeAllSessions, hashPassword, assertPasswordPolicy } from '../auth/index.js';
import { logAdminChange } from './admin-activity.js';
import { guardSuperAdmins } from './super-admin-guard.js';
import { assertMayGrantRole, assertMayManageUser } from '../../core/user-management.js';
import { issueUserLink, NO_PASSWORD } from './user-link.service.js';

// Admin > Users, the writes: invite, create, update (name, role, assets), enable/disable, reset password. Every
// call works inside the caller's company only: another company's user, role or asset is a 404 like a missing one.
// Each write is one transaction (the user, its link, its activity row); a mail goes out only after the commit.
// A disabled user's tokens stop at their next request (resolveActor reads the user each time).

type UserDeps = Pick<AppDeps, 'env' | 'db' | 'clock' | 'mailer' | 'log'>;

const M = ADMIN_MESSAGES.user;

const DETAIL_SELECT = {
  id: true,
  companyId: true,
  fullName: true,
  email: true,
  roleId: true,
  enabled: true,
  lastLoginAt: true,
  createdAt: true,
  updatedAt: true,
  assets: { select: { assetId: true }, orderBy: { assetId: 'asc' } },
} as const satisfies Prisma.UserSelect;

type DetailRow = Prisma.UserGetPayload<{ select: typeof DETAIL_SELECT }>;

/** What the activity log keeps of a user: the fields an admin changes (never a password or a secret). */
function auditOf(row: DetailRow) {
  return { fullName: row.fullName, email: row.email, role: row.roleId, enabled: row.enabled, assets: row.assets.map((a) => a.assetId) };
}

/** The invitation mail: who invites, to what, and the link with how long it works. */
function inviteMail(row: DetailRow, actor: Actor, link: string, hours: number) {
  const about = { kind: ACCOUNT_MAIL_KINDS.INVITE, companyId: actor.companyId, assetId: mailAssetOf(row, actor), userId: row.id };
  return { to: row.email, about, ...inviteMailOf({ fullName: row.fullName, invitedBy: actor.fullName, link, hours }) };
}

/** The asset a user's mail is sent for (its mail provider): the admin's when the user joins it, else the user's first. */
function mailAssetOf(row: DetailRow, actor: Actor): string | null {
  const assets = row.assets.map((a) => a.assetId);
  return actor.assetId && assets.includes(actor.assetId) ? actor.assetId : (assets[0] ?? null);
}

/** The mail of an admin's reset: the link to a new password, with when it stops working. */
function resetMail(row: DetailRow, actor: Actor, link: { link: string; expiresAt: string }) {
  const about = {
    kind: ACCOUNT_MAIL_KINDS.ADMIN_PASSWORD_RESET,
    companyId: actor.companyId,
    assetId: mailAssetOf(row, actor),
    userId: row.id,
  };
  const expires = `${link.expiresAt.slice(0, 16).replace('T', ' ')} UTC`;
  return { to: row.email, about, ...adminResetMailOf({ fullName: row.fullName, resetBy: actor.fullName, link: link.link, expires }) };
}

/** Sends a mail after its write committed; a failure is logged (and in the notification log), the admin has the link. */
async function mailAfterCommit(deps: UserDeps, mail: Parameters<UserDeps['mailer']['send']>[0]) {
  await deps.mailer
    .send(mail)
    .catch((error: unknown) =>
      deps.log.warn({ event: 'user.mail.failed', kind: mail.about.kind, err: error }, 'user mail not sent; the admin has the link'),
    );
}

function toDetail(row: DetailRow): UserDetail {
  return {
    _id: row.id,
    company: row.companyId,
    fullName: row.fullName,
    email: row.email,
    role: row.roleId,
    enabled: row.enabled,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    assets: row.assets.map((a) => a.assetId),
  };
}

async function findUser(db: DbTx, actor: Actor, id: string) {
  const user = await db.user.findFirst({
    where: { id, companyId: actor.companyId },
    select: { ...DETAIL_SELECT, isRootUser: true, role: { select: { code: true, permissions: true } } },
  });
  if (!user) throw AppError.notFound(M.notFound);
  return user;
}

/** The account the call acts on, within the caller's reach (core/user-management.ts), else 403. */
async function findManagedUser(deps: UserDeps, actor: Actor, id: string) {
  const user = await findUser(deps.db, actor, id);
  assertMayManageUser(actor, user, { log: deps.log });
  return user;
}

/**
 * The role and assets a body names, checked to be the company's: another company's (or a missing) one is a 404, as
 * for every record of another tenancy, so an id says nothing about other companies.
 */
async function checkRefs(
  db: DbTx,
  deps: Pick<UserDeps, 'log'>,
  actor: Actor,
  input: { role?: string | undefined; assets?: string[] | undefined },
) {
  const role = input.role
    ? await db.role.findFirst({
        where: { id: input.role, companyId: actor.companyId },
        select: { id: true, code: true, permissions: true },
      })
    : null;
  if (input.role && !role) throw AppError.notFound(M.roleNotFound);
  const assets = [...new Set(input.assets ?? [])];
  if (assets.length) {
    const found = await db.asset.count({ where: { id: { in: assets }, companyId: actor.companyId } });
    if (found !== assets.length) throw AppError.notFound(M.assetNotFound);
  }
  if (role) assertMayGrantRole(actor, role, deps.log);
  return { role, assets };
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
}

/** GET users/{id}/detail: the user with the assets they work in (the edit form). */
export async function userDetail(deps: UserDeps, actor: Actor, id: string): Promise<UserDetail> {
  return toDetail(await findUser(deps.db, actor, id));
}

/** The new user and its activity row, in the caller's transaction. */
async function addUser(tx: DbTx, deps: UserDeps, actor: Actor, input: UserInviteInput, passwordHash: string) {
  const { role, assets } = await checkRefs(tx, deps, actor, input);
  if (!role) throw AppError.validation({ role: [M.roleRequired] });
  let row: DetailRow;
  try {
    row = await tx.user.create({
      data: {
        companyId: actor.companyId,
        roleId: role.id,
        email: input.email,
        fullName: input.fullName,
        passwordHash,
        activeAssetId: assets[0] ?? null,
        assets: { create: assets.map((assetId) => ({ assetId })) },
      },
      select: DETAIL_SELECT,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict(M.emailTaken, { email: [M.emailTaken] });
    throw error;
  }
  await logAdminChange(tx, actor, { action: 'create', subjectType: 'users', subjectId: row.id, after: auditOf(row) }, deps.clock.now());
  return row;
}

/**
 * POST users/invite: the account without a password, its activity row and the single-use link that lets its owner
 * choose one, all in one transaction; after the commit the link is mailed to them (the mail transport of docs/api.md
 * 'Mail') and answered to the admin to hand over another way.
 */
export async function inviteUser(deps: UserDeps, actor: Actor, input: UserInviteInput): Promise<UserLink> {
  const { row, link } = await deps.db.$transaction(async (tx) => {
    const created = await addUser(tx, deps, actor, input, NO_PASSWORD);
    return { row: created, link: await issueUserLink({ ...deps, db: tx }, created.id, INVITE_TOKEN_TYPE) };
  });
  await mailAfterCommit(deps, inviteMail(row, actor, link.link, INVITE_TTL_HOURS));
  return { user: toDetail(row), ...link };
}

/** POST users/create: an account with the password the admin chose, under the company's password policy. */
export async function createUser(deps: UserDeps, actor: Actor, input: UserCreateInput): Promise<UserDetail> {
  const { password, ...rest } = input;
  await assertPasswordPolicy(deps.db, actor.companyId, password, [input.email, input.fullName]);
  const passwordHash = await hashPassword(password);
  return toDetail(await deps.db.$transaction((tx) => addUser(tx, deps, actor, rest, passwordHash)));
}

/** PATCH users/{id}/account: name, role and assets; the new role applies from the user's next request. */
export async function updateUser(deps: UserDeps, actor: Actor, id: string, input: UserUpdateInput): Promise<UserDetail> {
  const user = await findManagedUser(deps, actor, id);
  const { role, assets } = await checkRefs(deps.db, deps, actor, input);
  const row = await deps.db.$transaction((tx) =>
    guardSuperAdmins(tx, actor.companyId, async () => {
      if (input.assets) {
        await tx.userAsset.deleteMany({ where: { userId: id } });
        await tx.userAsset.createMany({ data: assets.map((assetId) => ({ userId: id, assetId })) });
      }
      const updated = await tx.user.update({
        where: { id },
        data: {
          ...(input.fullName !== undefined ? { fullName: input.fullName } : {}),
          ...(role ? { roleId: role.id } : {}),
        },
        select: DETAIL_SELECT,
      });
      await logAdminChange(
        tx,
        actor,
        { action: 'update', subjectType: 'users', subjectId: id, before: auditOf(user), after: auditOf(updated) },
        deps.clock.now(),
      );
      return updated;
    }),
  );
  return toDetail(row);
}

/** PATCH users/{id}/status: disabling ends every session at once; nobody disables themselves. */
export async function setUserEnabled(deps: UserDeps, actor: Actor, id: string, enabled: boolean): Promise<UserDetail> {
  const user = await findManagedUser(deps, actor, id);
  if (!enabled && id === actor.userId) throw AppError.conflict(M.notYourself);
  const now = deps.clock.now();
  const row = await deps.db.$transaction((tx) =>
    guardSuperAdmins(tx, actor.companyId, async () => {
      if (!enabled) await revokeAllSessions(tx, id, now);
      const updated = await tx.user.update({ where: { id }, data: { enabled }, select: DETAIL_SELECT });
      await logAdminChange(
        tx,
        actor,
        { action: 'update', subjectType: 'users', subjectId: id, before: auditOf(user), after: auditOf(updated) },
        now,
      );
      return updated;
    }),
  );
  return toDetail(row);
}

/**
 * POST users/{id}/reset-password: the old password stops working, every session ends, and a single-use link to
 * choose a new one is mailed to the user after the commit; the answer carries it too, for the admin to hand over.
 */
export async function resetUserPassword(deps: UserDeps, actor: Actor, id: string): Promise<UserLink> {
  await findManagedUser(deps, actor, id);
  const now = deps.clock.now();
  const { row, link } = await deps.db.$transaction(async (tx) => {
    await tx.user.update({ where: { id }, data: { passwordHash: NO_PASSWORD } });
    await revokeAllSessions(tx, id, now);
    await logAdminChange(tx, actor, { action: 'update', subjectType: 'users', subjectId: id, after: { password: 'reset' } }, now);
    const issued = await issueUserLink({ ...deps, db: tx }, id, ADMIN_RESET_TOKEN_TYPE);
    return { row: await findUser(tx, actor, id), link: issued };
  });
  await mailAfterCommit(deps, resetMail(row, actor, link));
  return { user: toDetail(row), ...link };
}
