import { isUnrestricted, hasPermission, type PermissionSubject } from './permission-check.js';
import { PERMISSIONS, ROLE_CODES } from './permission-codes.js';

// Who may act on another person's user account (docs/product.md 'Permissions', 'Managing a user's account'): set its
// password, make a sign-in link for it, link it to a team member as their login, change its role or status. One
// rule for Admin > Users and the team member calls alike, so no door reaches an account that outranks its caller.

/** The part of a user account the rule reads: its role and whether it is a root user. */
export interface ManagedUser {
  roleCode: string;
  permissions: readonly string[];
  isRootUser: boolean;
}

/** Managing accounts is Admin > Users' work: its code is needed wherever an account is acted on. */
export const USER_MANAGEMENT_PERMISSIONS = [PERMISSIONS.USERS_VIEW] as const;

export const USER_MANAGEMENT_MESSAGES = {
  noUsersAccess: "Acting on a user's account needs access to Admin > Users.",
  rootUser: 'Only a root user can act on the account of a root user.',
  superAdmin: 'Only a super admin can act on the account of a super admin.',
  morePermissions: "This user's role has permissions you do not hold: only someone who holds them can act on the account.",
  roleBeyondCaller: 'This role has permissions you do not hold: only someone who holds them can give it.',
  /** The member page, where the linked account is one the caller may not manage. */
  memberLoginOutranks:
    "This team member's login is a user account you may not manage: its password and sign-in links are set in Admin > Users.",
} as const;

export type UserManagementRefusal = Exclude<keyof typeof USER_MANAGEMENT_MESSAGES, 'roleBeyondCaller' | 'memberLoginOutranks'>;

/** The permissions of a role that the caller does not hold (default_access is everyone's). */
export function permissionsBeyond(caller: PermissionSubject, permissions: readonly string[]): string[] {
  if (isUnrestricted(caller)) return [];
  return permissions.filter((code) => code !== PERMISSIONS.DEFAULT_ACCESS && !caller.permissions.includes(code));
}

/**
 * Why the caller may not act on the account, or null when they may: they need Admin > Users, and never reach a root
 * user (unless one), a super admin (unless one, or root) or a role holding a permission they lack.
 */
export function userManagementRefusal(caller: PermissionSubject, target: ManagedUser): UserManagementRefusal | null {
  if (!hasPermission(caller, USER_MANAGEMENT_PERMISSIONS)) return 'noUsersAccess';
  if (target.isRootUser && !caller.isRootUser) return 'rootUser';
  if (target.roleCode === ROLE_CODES.SUPER_ADMIN && !isUnrestricted(caller)) return 'superAdmin';
  if (permissionsBeyond(caller, target.permissions).length) return 'morePermissions';
  return null;
}

export const mayManageUser = (caller: PermissionSubject, target: ManagedUser): boolean => userManagementRefusal(caller, target) === null;
