import { describe, expect, it } from 'vitest';
import { PERMISSIONS as P, ROLE_CODES } from './permission-codes.js';
import { mayManageUser, permissionsBeyond, userManagementRefusal } from './user-management.js';

const subject = (permissions: string[], roleCode: string = ROLE_CODES.MANAGER, isRootUser = false) => ({
  roleCode,
  permissions,
  isRootUser,
});
const admin = subject([P.USERS_VIEW, P.MEMBERS_VIEW, P.LEAD_ADD], ROLE_CODES.ADMIN);
const manager = subject([P.MEMBERS_VIEW, P.LEAD_ADD]);
const agent = subject([P.LEAD_ADD, P.DEFAULT_ACCESS], ROLE_CODES.AGENT);
const superAdmin = subject([], ROLE_CODES.SUPER_ADMIN);
const root = subject([], ROLE_CODES.AGENT, true);

describe('who may act on a user account', () => {
  it('needs Admin > Users', () => {
    expect(userManagementRefusal(manager, agent)).toBe('noUsersAccess');
    expect(mayManageUser(admin, agent)).toBe(true);
  });

  it('never reaches a super admin, a root user or a role with a permission the caller lacks', () => {
    expect(userManagementRefusal(admin, superAdmin)).toBe('superAdmin');
    expect(userManagementRefusal(admin, root)).toBe('rootUser');
    expect(userManagementRefusal(admin, subject([P.LEAD_ADD, P.SUPER_ACCESS]))).toBe('morePermissions');
    expect(userManagementRefusal(admin, subject([P.DEALS_VIEW]))).toBe('morePermissions');
    // default_access is everyone's; the same permissions (the caller's own account too) are within reach.
    expect(mayManageUser(admin, subject([P.DEFAULT_ACCESS, P.USERS_VIEW, P.LEAD_ADD]))).toBe(true);
  });

  it('lets a super admin reach every account but a root user, and a root user every account', () => {
    expect(mayManageUser(superAdmin, subject([P.SUPER_ACCESS, P.DEALS_VIEW]))).toBe(true);
    expect(mayManageUser(superAdmin, superAdmin)).toBe(true);
    expect(userManagementRefusal(superAdmin, root)).toBe('rootUser');
    expect(mayManageUser(root, root)).toBe(true);
    expect(mayManageUser(root, superAdmin)).toBe(true);
  });

  it('names the permissions of a role beyond the caller', () => {
    expect(permissionsBeyond(admin, [P.DEFAULT_ACCESS, P.LEAD_ADD, P.DEALS_VIEW, P.SUPER_ACCESS])).toEqual([P.DEALS_VIEW, P.SUPER_ACCESS]);
    expect(permissionsBeyond(superAdmin, [P.DEALS_VIEW])).toEqual([]);
  });
});
