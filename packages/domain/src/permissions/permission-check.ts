import { PERMISSIONS, ROLE_CODES, type PermissionCode } from './permission-codes.js';

/** The part of a profile that permission checks read (docs/product.md 'Permissions'). */
export interface PermissionSubject {
  id?: string;
  roleCode: string;
  permissions: readonly string[];
  isRootUser: boolean;
}

export interface PermissionRequirement {
  /** 'any' (default): one of the codes is enough; 'all' (strict): every code is needed. */
  mode?: 'any' | 'all';
  /** When set, the subject's id must equal it as well. */
  ownerId?: string;
}

/** SUPER_ADMIN and root users pass every check (owner checks included). */
export function isUnrestricted(subject: PermissionSubject): boolean {
  return subject.isRootUser || subject.roleCode === ROLE_CODES.SUPER_ADMIN;
}

/**
 * SUPER_ADMIN and root users pass every check; default_access is always granted; an
 * empty list asks only for a logged-in subject; an owner id must equal the subject's id.
 */
export function hasPermission(
  subject: PermissionSubject,
  required: readonly PermissionCode[],
  requirement: PermissionRequirement = {},
): boolean {
  if (isUnrestricted(subject)) return true;
  if (requirement.ownerId !== undefined && subject.id !== requirement.ownerId) return false;
  if (required.length === 0) return true;
  const granted = (code: PermissionCode) => code === PERMISSIONS.DEFAULT_ACCESS || subject.permissions.includes(code);
  return requirement.mode === 'all' ? required.every(granted) : required.some(granted);
}

/** Super access: every asset of the company, the Admin menu group. */
export function hasSuperAccess(subject: PermissionSubject): boolean {
  return hasPermission(subject, [PERMISSIONS.SUPER_ACCESS]);
}
