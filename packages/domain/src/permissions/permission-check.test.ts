import { describe, expect, it } from 'vitest';
import { PERMISSIONS, PERMISSION_CODES, ROLE_CODES } from './permission-codes.js';
import { hasPermission, hasSuperAccess, isUnrestricted, type PermissionSubject } from './permission-check.js';

const agent: PermissionSubject = {
  id: 'u1',
  roleCode: ROLE_CODES.AGENT,
  permissions: [PERMISSIONS.LEADS_REPORT_VIEW, PERMISSIONS.LEAD_ADD],
  isRootUser: false,
};
const superAdmin: PermissionSubject = { id: 'sa', roleCode: ROLE_CODES.SUPER_ADMIN, permissions: [], isRootUser: false };
const root: PermissionSubject = { id: 'r', roleCode: ROLE_CODES.AGENT, permissions: [], isRootUser: true };

describe('hasPermission', () => {
  it('any-of (default): one granted code is enough', () => {
    expect(hasPermission(agent, [PERMISSIONS.LEAD_ADD])).toBe(true);
    expect(hasPermission(agent, [PERMISSIONS.LEAD_UPDATE, PERMISSIONS.LEAD_ADD])).toBe(true);
    expect(hasPermission(agent, [PERMISSIONS.LEAD_UPDATE, PERMISSIONS.DEALS_VIEW])).toBe(false);
    expect(hasPermission(agent, [PERMISSIONS.LEAD_UPDATE], { mode: 'any' })).toBe(false);
  });

  it('all-of (strict): every code is needed', () => {
    expect(hasPermission(agent, [PERMISSIONS.LEADS_REPORT_VIEW, PERMISSIONS.LEAD_ADD], { mode: 'all' })).toBe(true);
    expect(hasPermission(agent, [PERMISSIONS.LEADS_REPORT_VIEW, PERMISSIONS.LEAD_UPDATE], { mode: 'all' })).toBe(false);
  });

  it('an empty list needs only a logged-in subject, in either mode', () => {
    expect(hasPermission({ ...agent, permissions: [] }, [])).toBe(true);
    expect(hasPermission({ ...agent, permissions: [] }, [], { mode: 'all' })).toBe(true);
  });

  it('default_access is always granted, even when the role does not list it', () => {
    const bare = { ...agent, permissions: [] };
    expect(hasPermission(bare, [PERMISSIONS.DEFAULT_ACCESS])).toBe(true);
    expect(hasPermission(bare, [PERMISSIONS.DEFAULT_ACCESS, PERMISSIONS.LEAD_ADD], { mode: 'all' })).toBe(false);
    expect(hasPermission(agent, [PERMISSIONS.DEFAULT_ACCESS, PERMISSIONS.LEAD_ADD], { mode: 'all' })).toBe(true);
  });

  it('owner: the subject id must equal the owner id as well', () => {
    expect(hasPermission(agent, [PERMISSIONS.LEAD_ADD], { ownerId: 'u1' })).toBe(true);
    expect(hasPermission(agent, [PERMISSIONS.LEAD_ADD], { ownerId: 'u2' })).toBe(false);
    expect(hasPermission(agent, [], { ownerId: 'u2' })).toBe(false);
    expect(hasPermission({ ...agent, id: undefined }, [], { ownerId: 'u1' })).toBe(false);
    expect(hasPermission(agent, [PERMISSIONS.DEALS_VIEW], { ownerId: 'u1' })).toBe(false);
  });

  it('SUPER_ADMIN and root pass every check: any, all, owner', () => {
    for (const subject of [superAdmin, root]) {
      expect(isUnrestricted(subject)).toBe(true);
      expect(hasPermission(subject, [PERMISSIONS.USERS_VIEW])).toBe(true);
      expect(hasPermission(subject, PERMISSION_CODES, { mode: 'all' })).toBe(true);
      expect(hasPermission(subject, [PERMISSIONS.USERS_VIEW], { ownerId: 'someone-else' })).toBe(true);
      expect(hasSuperAccess(subject)).toBe(true);
    }
  });

  it('a role merely named like a permission grants nothing', () => {
    expect(hasPermission({ ...agent, roleCode: 'SUPER_ACCESS' }, [PERMISSIONS.USERS_VIEW])).toBe(false);
    expect(isUnrestricted({ ...agent, roleCode: 'super_admin' })).toBe(false);
  });
});

describe('hasSuperAccess', () => {
  it('needs SUPER_ACCESS for everyone else', () => {
    expect(hasSuperAccess(agent)).toBe(false);
    expect(hasSuperAccess({ ...agent, permissions: [PERMISSIONS.SUPER_ACCESS] })).toBe(true);
  });
});
