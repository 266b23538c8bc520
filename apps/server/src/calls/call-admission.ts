import { type AnyCall, permissionsOf } from '@crm/domain';
import type { Logger } from 'pino';
import type { Actor } from '../core/actor.js';
import { AppError } from '../core/app-error.js';
import { assertActorCan, assetOfActor } from '../core/authorization.js';
import type { Admitted } from './call.types.js';

/**
 * The one admission of every declared call, REST and tRPC alike: the caller (a public call may have none), the
 * permission (any of the declared codes, or all of them; a denial is logged) and the asset an asset-scoped call works in
 * (the active one; over REST the path's, when the door names it: call-routes.ts).
 */
export function admitCall(
  call: AnyCall,
  actor: Actor | null,
  log: Pick<Logger, 'warn'>,
  what: Record<string, unknown>,
  /** REST's path names the asset (the door's `assetParam`): read by the door once its params are parsed. */
  assetInPath = false,
): Admitted {
  if (call.access === 'public') return { actor, asset: null };
  if (!actor) throw AppError.unauthorized('Missing bearer token');
  const needed = permissionsOf(call.access);
  if (needed) assertActorCan(actor, needed.codes, { log, mode: needed.mode, what: { ...what, operationId: call.operationId } });
  return { actor, asset: call.scope === 'asset' && !assetInPath ? assetOfActor(actor) : null };
}
