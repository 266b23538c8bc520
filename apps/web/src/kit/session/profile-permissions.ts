import { hasSuperAccess, type PermissionSubject } from '@crm/domain';

interface ProfileLike {
  _id: string;
  role: { code: string; permissions: readonly string[] };
  isRootUser: boolean;
}

/** What the domain's permission checks read from a profile. */
export function permissionSubjectOf(profile: ProfileLike): PermissionSubject {
  return { id: profile._id, roleCode: profile.role.code, permissions: profile.role.permissions, isRootUser: profile.isRootUser };
}

export function profileHasSuperAccess(profile: ProfileLike): boolean {
  return hasSuperAccess(permissionSubjectOf(profile));
}
