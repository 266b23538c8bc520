import { z } from 'zod';
import { MENU, type MenuItem } from '../navigation/menu.js';
import { PERMISSION_CODES, PERMISSIONS as P, type PermissionCode } from '../permissions/permission-codes.js';
import { f } from '../resources/fields.js';
import { defineContract } from '../resources/contract.js';
import { requiredText } from '../validation/zod-helpers.js';
import { ADMIN_MESSAGES } from './admin.messages.js';

// Admin > User Roles: the company's roles and the permission matrix over the codes of the product's permission list.
// The engine serves the lists; create, update and remove are the module's own calls (SUPER_ADMIN is locked, and no
// change may leave the company without an enabled super admin). A change applies to the role's users at their next
// request: the caller's role is read with every request.

const M = ADMIN_MESSAGES.role;

/** Always granted: never a box of the matrix. */
const IMPLICIT: readonly PermissionCode[] = [P.DEFAULT_ACCESS];

export interface PermissionGroup {
  key: string;
  label: string;
  codes: PermissionCode[];
}

function codesOf(item: MenuItem): PermissionCode[] {
  return item.children ? item.children.flatMap(codesOf) : [...item.permissions];
}

/**
 * The matrix's rows, grouped as the side menu is (a menu group's codes under its label), then the record actions no
 * menu entry carries (adding or updating leads and customers, sensitive fields) under 'Records'.
 */
export const PERMISSION_GROUPS: readonly PermissionGroup[] = (() => {
  const seen = new Set<PermissionCode>(IMPLICIT);
  const groups: PermissionGroup[] = [];
  for (const item of MENU) {
    const codes = [...new Set([...item.permissions, ...codesOf(item)])].filter((code) => !seen.has(code));
    for (const code of codes) seen.add(code);
    if (codes.length) groups.push({ key: item.key, label: item.label, codes });
  }
  const rest = PERMISSION_CODES.filter((code) => !seen.has(code));
  if (rest.length) groups.push({ key: 'records', label: 'Records', codes: rest });
  return groups;
})();

/** Every code a role may be given (default_access is always granted). */
export const ROLE_PERMISSIONS = PERMISSION_CODES.filter((code) => !IMPLICIT.includes(code)) as [PermissionCode, ...PermissionCode[]];

export const roleFields = {
  _id: f.id({ label: 'ID', exportable: false }),
  company: f.id({ label: 'Company', exportable: false }),
  name: f.string({ label: 'Name', sortable: true, searchable: true }),
  code: f.string({ label: 'Code', sortable: true, searchable: true }),
  permissions: f.strings({ label: 'Permissions' }),
  createdAt: f.date({ label: 'Created At', sortable: true }),
  updatedAt: f.date({ label: 'Updated At', sortable: true }),
};

export const roleContract = defineContract({
  name: 'roles',
  path: 'user-roles',
  label: { one: 'role', many: 'roles' },
  scope: 'company',
  fields: roleFields,
  defaultSort: { field: 'name', direction: 1 },
  exportColumns: ['name', 'code', 'permissions', 'createdAt'],
  upsertKey: false,
  permissions: { read: [P.ROLES_VIEW, P.USERS_VIEW] },
});

export const RoleRecordSchema = roleContract.record;
export type RoleRecord = z.infer<typeof RoleRecordSchema>;

/** `POST /user-roles/create` and `PATCH /user-roles/{id}/matrix`: the name and the boxes ticked. */
export const RoleInputSchema = z.strictObject({
  name: requiredText(M.nameRequired, undefined, 100),
  permissions: z.array(z.enum(ROLE_PERMISSIONS, { error: M.permissionInvalid })).max(ROLE_PERMISSIONS.length),
});
export type RoleInput = z.infer<typeof RoleInputSchema>;

export const RoleIdInputSchema = z.strictObject({ id: z.string().max(100) });
export const RoleUpdateCallInputSchema = z.strictObject({ id: z.string().max(100), data: RoleInputSchema });

/** A custom role's code, from its name: 'Senior Agent' -> 'SENIOR_AGENT'. */
export function roleCodeOf(name: string): string {
  const code = name
    .trim()
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return code || 'ROLE';
}
