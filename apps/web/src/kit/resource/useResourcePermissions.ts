import { type AnyResourceContract, PERMISSIONS, type PermissionCode } from '@crm/domain';
import { useMemo } from 'react';
import { useCan } from '../session/useCan';

export interface ResourcePermissionsOfCaller {
  read: boolean;
  create: boolean;
  update: boolean;
  delete: boolean;
  /** VIEW_SENSITIVE_INFORMATION: sensitive fields are shown, filtered, sorted and written only with it. */
  sensitive: boolean;
}

/**
 * What the caller may do with a resource, from its contract's permissions (docs/product.md 'Permissions'): the kit
 * hides what the server would refuse. A call the contract does not offer is never allowed.
 */
export function useResourcePermissions(contract: AnyResourceContract): ResourcePermissionsOfCaller {
  const can = useCan();
  return useMemo(() => {
    const allowed = (codes: readonly PermissionCode[] | undefined) => (codes ? can(codes) : false);
    const { permissions } = contract;
    return {
      read: allowed(permissions.read),
      create: contract.create !== undefined && allowed(permissions.create),
      update: contract.update !== undefined && allowed(permissions.update),
      delete: allowed(permissions.delete),
      sensitive: can([PERMISSIONS.VIEW_SENSITIVE_INFORMATION]),
    };
  }, [can, contract]);
}
