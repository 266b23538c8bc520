import {
  MEMBER_CALL_PERMISSIONS,
  MEMBER_MESSAGES as M,
  MEMBER_SYNC_PROVIDERS,
  MemberSyncMultipleInputSchema,
  UUID_PATTERN,
  type IntegrationOffices,
  type MemberIntegration,
  type MemberSyncResult,
} from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import { assetOfActor } from '../../core/authorization.js';
import { requireIntegration } from '../integrations/integration-guard.js';
import { findIntegration, statusOf } from '../integrations/integration-record.js';
import { memberAsset, parse, type MemberCall } from './member-bulk.service.js';
import { callMemberProvider } from './member-provider.js';

// The team's calls that need a CRM provider (docs/architecture.md 'Calls that need an integration'): member sync
// (sync-now, sync-multiple-members) and the offices of Engage or Goyzer. Each passes the one guard, which answers
// 409 with data { provider, reason: NOT_CONFIGURED | DISABLED } and a message naming the provider; past it, the
// provider's work is member-provider.ts's.

/**
 * The CRM a member sync goes to: the first of MEMBER_SYNC_PROVIDERS the asset has set up and switched on, else the
 * first set up (the guard then answers DISABLED), else the first of all (NOT_CONFIGURED).
 */
async function memberSyncProvider(call: MemberCall, assetId: string): Promise<MemberIntegration> {
  const rows = await Promise.all(MEMBER_SYNC_PROVIDERS.map((provider) => findIntegration(call.deps, assetId, provider)));
  const setUp = MEMBER_SYNC_PROVIDERS.filter((_, i) => statusOf(rows[i] ?? null) !== 'not_configured');
  const on = setUp.find((provider) => rows[MEMBER_SYNC_PROVIDERS.indexOf(provider)]?.enabled);
  return on ?? setUp[0] ?? MEMBER_SYNC_PROVIDERS[0] ?? 'goyzer';
}

async function guarded(call: MemberCall, assetId: string, provider: MemberIntegration) {
  const row = await requireIntegration(call.deps, assetId, provider);
  return { ...row, name: provider };
}

async function assertMembers(call: MemberCall, assetId: string, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const valid = unique.every((id) => UUID_PATTERN.test(id));
  const found = valid ? await call.deps.db.teamMember.count({ where: { id: { in: unique }, assetId, deletedAt: null } }) : 0;
  if (found !== unique.length) throw AppError.notFound(M.memberNotFound);
  return unique;
}

async function syncFromProvider(call: MemberCall, assetId: string, memberIds: string[]): Promise<MemberSyncResult> {
  const integration = await guarded(call, assetId, await memberSyncProvider(call, assetId));
  return callMemberProvider(call.deps, integration, { kind: 'sync', memberIds });
}

/** PATCH sync-now/{id}: the member from the asset's CRM (Goyzer or Engage). */
export async function syncMemberNow(call: MemberCall, id: string): Promise<MemberSyncResult> {
  const assetId = memberAsset(call, MEMBER_CALL_PERMISSIONS.update);
  return syncFromProvider(call, assetId, await assertMembers(call, assetId, [id]));
}

/** POST sync-multiple-members. */
export async function syncMembers(call: MemberCall, body: unknown): Promise<MemberSyncResult> {
  const assetId = memberAsset(call, MEMBER_CALL_PERMISSIONS.update);
  const { ids } = parse(MemberSyncMultipleInputSchema, body);
  return syncFromProvider(call, assetId, await assertMembers(call, assetId, ids));
}

/** GET offices/engage|goyzer/{asset}: the integration's offices. */
export async function integrationOffices(call: MemberCall, integration: MemberIntegration, asset: string): Promise<IntegrationOffices> {
  memberAsset(call, MEMBER_CALL_PERMISSIONS.update);
  const assetId = assetOfActor(call.actor, asset);
  return callMemberProvider(call.deps, await guarded(call, assetId, integration), { kind: 'offices' });
}
