import { hasPermission, type PermissionCode } from '@crm/domain';
import type { Logger } from 'pino';
import type { Actor } from './actor.js';
import { AppError } from './app-error.js';

// Who may do what, and in which asset: one rule each, used by every door (REST route config, tRPC procedures, the
// resource engine, the modules' services). The caller is resolved once per request (plugins/auth.plugin.ts).

export type PermissionMode = 'any' | 'all';

/** Does the caller hold the codes (any of them, or all)? SUPER_ADMIN and root users hold every code. */
export function actorCan(actor: Actor, codes: readonly PermissionCode[], mode: PermissionMode = 'any'): boolean {
  return hasPermission(
    { id: actor.userId, roleCode: actor.roleCode, permissions: actor.permissions, isRootUser: actor.isRootUser },
    codes,
    {
      mode,
    },
  );
}

/** Refuses (403) a caller without the codes; the denial is logged with what was asked, for the audit trail. */
export function assertActorCan(
  actor: Actor,
  codes: readonly PermissionCode[],
  options: { log: Pick<Logger, 'warn'>; mode?: PermissionMode; what?: Record<string, unknown> },
): void {
  if (actorCan(actor, codes, options.mode)) return;
  options.log.warn(
    { event: 'permission.denied', userId: actor.userId, required: codes, mode: options.mode ?? 'any', ...options.what },
    'permission denied',
  );
  throw AppError.forbidden();
}

/**
 * The asset a call works in: the one it names, when it is one of the caller's (else 403), or the caller's active
 * asset; a caller with no asset cannot do asset work. The only place this rule lives.
 */
export function assetOfActor(actor: Pick<Actor, 'assetId' | 'assetIds'>, named?: string | null): string {
  if (named && named !== actor.assetId) {
    if (!actor.assetIds.includes(named)) throw AppError.forbidden('You do not have access to this asset.');
    return named;
  }
  if (!actor.assetId) throw AppError.forbidden('You have no asset to work in.');
  return actor.assetId;
}

/** The asset named in the path must be one the caller may enter; any other answers 404 like a missing one. */
export function assertAssetOf(actor: Pick<Actor, 'assetIds'>, assetId: string): void {
  if (!actor.assetIds.includes(assetId)) throw AppError.notFound('Asset not found');
}

/**
 * An asset a call's input names as a record (an API key's asset, an asset's settings): one of the caller's, else
 * 404 like a missing one, so a caller cannot tell another tenant's record from none (docs/api.md 'Errors').
 */
export function assetInReach(actor: Pick<Actor, 'assetIds'>, named: string): string {
  if (!actor.assetIds.includes(named)) throw AppError.notFound('Asset not found');
  return named;
}
