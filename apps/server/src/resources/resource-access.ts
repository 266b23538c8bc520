import { hasPermission, PERMISSIONS, type PermissionCode } from '@crm/domain';
import type { Actor } from '../core/actor.js';
import { AppError } from '../core/app-error.js';
import type { ResourceDefinition, ResourceDeps, Verb } from './resource.types.js';

// Who may do what on a resource, and in which tenancy. Both doors (REST and tRPC) reach this through the service.

export interface Access {
  actor: Actor;
  /** The active asset (asset-scoped resources); null only for company-scoped ones. */
  assetId: string | null;
  /** May see and filter sensitive fields (VIEW_SENSITIVE_INFORMATION). */
  sensitive: boolean;
}

function subjectOf(actor: Actor) {
  return { id: actor.userId, roleCode: actor.roleCode, permissions: actor.permissions, isRootUser: actor.isRootUser };
}

export function actorHas(actor: Actor, codes: readonly PermissionCode[]): boolean {
  return hasPermission(subjectOf(actor), codes);
}

/** Checks the verb's permissions and resolves the tenancy; a verb the resource does not offer is a 404. */
export function authorize(def: ResourceDefinition, call: { actor: Actor; deps: Pick<ResourceDeps, 'log'> }, verb: Verb): Access {
  const { actor } = call;
  const codes = def.permissions[verb];
  if (!codes) throw AppError.notFound(`This ${def.label} cannot be ${verb === 'read' ? 'read' : `${verb}d`} here.`);
  if (!actorHas(actor, codes)) {
    call.deps.log.warn(
      { event: 'permission.denied', userId: actor.userId, resource: def.path, verb, required: codes },
      'permission denied',
    );
    throw AppError.forbidden();
  }
  if (def.scope === 'asset' && !actor.assetId) throw AppError.forbidden('You have no asset to work in.');
  return { actor, assetId: actor.assetId, sensitive: actorHas(actor, [PERMISSIONS.VIEW_SENSITIVE_INFORMATION]) };
}
