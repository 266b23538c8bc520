import { PERMISSIONS } from '@crm/domain';
import { actorCan, assertActorCan, assetOfActor } from '../core/authorization.js';
import type { Actor } from '../core/actor.js';
import { AppError } from '../core/app-error.js';
import type { ExportColumnSpec, FieldDef, ResourceDefinition, ResourceDeps, Verb, Where } from './resource.types.js';

// Who may do what on a resource, and in which tenancy. Both doors (REST and tRPC) reach this through the service.

export interface Access {
  actor: Actor;
  /** The active asset (asset-scoped resources); null only for company-scoped ones. */
  assetId: string | null;
  /** May see and filter sensitive fields (VIEW_SENSITIVE_INFORMATION). */
  sensitive: boolean;
  /** The asset's custom fields of the resource's kind, once read (`withCustomFields`): filter fields, export columns. */
  custom?: { filters: readonly FieldDef[]; exportColumns: readonly ExportColumnSpec[] };
  /** The rows of the tenancy the caller may see (the resource's `visibleRows`), when not all of them. */
  rows?: Where;
}

/** Checks the verb's permissions and resolves the tenancy; a verb the resource does not offer is a 404. */
export function authorize(def: ResourceDefinition, call: { actor: Actor; deps: Pick<ResourceDeps, 'log'> }, verb: Verb): Access {
  const { actor } = call;
  const codes = def.permissions[verb];
  if (!codes) throw AppError.notFound(`This ${def.label} cannot be ${verb === 'read' ? 'read' : `${verb}d`} here.`);
  assertActorCan(actor, codes, { log: call.deps.log, what: { resource: def.path, verb } });
  const access = accessIn(actor, def.scope === 'asset' ? assetOfActor(actor) : actor.assetId);
  const rows = def.facts.visibleRows?.(actor);
  return rows ? { ...access, rows } : access;
}

/** The access of a caller already admitted (a declared call's admission checked the permission and the asset). */
export function accessIn(actor: Actor, assetId: string | null): Access {
  return { actor, assetId, sensitive: actorCan(actor, [PERMISSIONS.VIEW_SENSITIVE_INFORMATION]) };
}
