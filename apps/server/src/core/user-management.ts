import {
  ADMIN_MESSAGES,
  isUnrestricted,
  PERMISSION_CODES,
  PERMISSIONS,
  permissionsBeyond,
  ROLE_CODES,
  USER_MANAGEMENT_MESSAGES,
  userManagementRefusal,
} from '@crm/domain';
import type { Logger } from 'pino';
import type { DbTx } from '../db/prisma.js';
import type { Prisma } from '../generated/prisma/client.js';
import type { Actor } from './actor.js';
import { AppError } from './app-error.js';

// The server's side of the one rule of who may act on a user account (packages/domain user-management.ts): Admin >
// Users and the team member calls (a member's login, its password, its sign-in links) all go through here.

const subjectOf = (actor: Actor) => ({
  id: actor.userId,
  roleCode: actor.roleCode,
  permissions: actor.permissions,
  isRootUser: actor.isRootUser,
});

const MANAGED_SELECT = {
  id: true,
  email: true,
  fullName: true,
  enabled: true,
  isRootUser: true,
  role: { select: { code: true, permissions: true } },
} as const;

export interface ManagedUserRow {
  id: string;
  email: string;
  fullName: string;
  enabled: boolean;
  isRootUser: boolean;
  role: { code: string; permissions: string[] };
}

interface Options {
  log: Pick<Logger, 'warn'>;
  /** What the refusal's data names (the member form's `user` field), so a form or an import row can show it. */
  field?: string;
}

/** Why the caller may not act on this account, as the rule's message; null when they may. */
export function userRefusalMessage(actor: Actor, user: Pick<ManagedUserRow, 'isRootUser' | 'role'>): string | null {
  const refusal = userManagementRefusal(subjectOf(actor), {
    roleCode: user.role.code,
    permissions: user.role.permissions,
    isRootUser: user.isRootUser,
  });
  return refusal ? USER_MANAGEMENT_MESSAGES[refusal] : null;
}

/** The company's users of these ids with what the rule reads (an import's logins, checked before any row is written). */
export function managedUserRows(db: DbTx, actor: Actor, userIds: readonly string[]): Promise<ManagedUserRow[]> {
  return db.user.findMany({ where: { id: { in: [...userIds] }, companyId: actor.companyId }, select: MANAGED_SELECT });
}

/** 403 unless the caller may act on this account; the refusal is logged with why, for the audit trail. */
export function assertMayManageUser(actor: Actor, user: ManagedUserRow, options: Options): void {
  const refusal = userManagementRefusal(subjectOf(actor), {
    roleCode: user.role.code,
    permissions: user.role.permissions,
    isRootUser: user.isRootUser,
  });
  if (!refusal) return;
  options.log.warn(
    { event: 'permission.denied', userId: actor.userId, targetUserId: user.id, reason: refusal },
    'user account out of reach',
  );
  const message = USER_MANAGEMENT_MESSAGES[refusal];
  throw new AppError('FORBIDDEN', message, options.field ? { [options.field]: [message] } : undefined);
}

/** The caller's company's user with what the rule reads, or null. */
export function managedUserRow(db: DbTx, actor: Actor, userId: string): Promise<ManagedUserRow | null> {
  return db.user.findFirst({ where: { id: userId, companyId: actor.companyId }, select: MANAGED_SELECT });
}

/** The company's user the call acts on, after the rule: 404 for another company's (or no) user, 403 out of reach. */
export async function managedUser(db: DbTx, actor: Actor, userId: string, options: Options): Promise<ManagedUserRow> {
  const user = await managedUserRow(db, actor, userId);
  if (!user) throw AppError.notFound(ADMIN_MESSAGES.user.notFound);
  assertMayManageUser(actor, user, options);
  return user;
}

/**
 * A role the caller hands on (a new user's, or a changed one): the Super Admin role only from a super admin or a root
 * user, and never a role with a permission the caller lacks (SUPER_ACCESS included).
 */
export function assertMayGrantRole(actor: Actor, role: { code: string; permissions: string[] }, log: Pick<Logger, 'warn'>): void {
  const subject = subjectOf(actor);
  const superRole = role.code === ROLE_CODES.SUPER_ADMIN && !isUnrestricted(subject);
  const beyond = permissionsBeyond(subject, role.permissions);
  if (!superRole && !beyond.length) return;
  log.warn({ event: 'permission.denied', userId: actor.userId, role: role.code, beyond }, 'role beyond the caller');
  const super_ = superRole || beyond.includes(PERMISSIONS.SUPER_ACCESS);
  throw AppError.forbidden(super_ ? ADMIN_MESSAGES.user.superRoleNotHeld : USER_MANAGEMENT_MESSAGES.roleBeyondCaller);
}

/**
 * The users the caller may act on, as a filter (the member form's User options); null when they may act on none. The
 * codes of a role are checked in SQL against the codes the caller lacks; a code the product does not know is caught by
 * the rule itself (assertMayManageUser) when the account is acted on.
 */
export function manageableUsersWhere(actor: Actor): Prisma.UserWhereInput | null {
  const subject = subjectOf(actor);
  if (userManagementRefusal(subject, { roleCode: ROLE_CODES.AGENT, permissions: [], isRootUser: false })) return null;
  if (actor.isRootUser) return {};
  if (actor.roleCode === ROLE_CODES.SUPER_ADMIN) return { isRootUser: false };
  const lacking = permissionsBeyond(subject, PERMISSION_CODES);
  return {
    isRootUser: false,
    role: { code: { not: ROLE_CODES.SUPER_ADMIN }, ...(lacking.length ? { NOT: { permissions: { hasSome: lacking } } } : {}) },
  };
}
