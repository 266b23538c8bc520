import { hasPermission, type PermissionCode } from '@crm/domain';
import { useCallback } from 'react';
import { permissionSubjectOf } from './profile-permissions';
import { useProfile } from './useProfile';

/** `can([codes])`: any-of, as docs/product.md 'Permissions' checks the lead and customer forms' buttons and fields. */
export function useCan(): (codes: readonly PermissionCode[]) => boolean {
  const profile = useProfile().data;
  return useCallback(
    (codes: readonly PermissionCode[]) => (profile ? hasPermission(permissionSubjectOf(profile), codes) : false),
    [profile],
  );
}
