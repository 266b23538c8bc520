import type { z } from 'zod';
import {
  MEMBER_CALL_PERMISSIONS,
  MEMBER_CRMS,
  MEMBER_MESSAGES as M,
  type MemberSyncMultipleInputSchema,
  MESSAGES,
  UUID_PATTERN,
  type IntegrationOffices,
  type MemberIntegration,
  type MemberSyncResult,
  type SyncRun,
} from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import { assetOfActor } from '../../core/authorization.js';
import { requireIntegration, findIntegration, statusOf, toSyncRun, primaryCrmOf } from '../integrations/index.js';
import { memberAsset, type MemberCall } from './member-bulk.service.js';
import { memberCrmOffices, queueMemberSync } from './member-provider.js';

// The team's calls that need a CRM provider (docs/architecture.md 'Calls that need an integration'): member sync
// (sync-now, sync-multiple-members) and the offices of Engage or Goyzer. Each passes the one guard, which answers
// 409 with data { provider, reason: NOT_CONFIGURED | DISABLED } and a message naming the provider; past it, the
// provider's work is member-provider.ts's.

const isMemberCrm = (name: string | null): name is MemberIntegration => MEMBER_CRMS.some((crm) => crm === name);

/**
 * The CRM a member sync goes to: the asset's primary CRM when it keeps agents (Goyzer or Engage); else the first of
 * MEMBER_CRMS the asset has set up and switched on, else the first set up (the guard then answers DISABLED), else the
 * first of all (NOT_CONFIGURED).
 */
async function memberSyncProvider(call: MemberCall, assetId: string): Promise<MemberIntegration> {
  const primary = await primaryCrmOf(call.deps, assetId);
  if (isMemberCrm(primary)) return primary;
  const rows = await Promise.all(MEMBER_CRMS.map((provider) => findIntegration(call.deps, assetId, provider)));
  const setUp = MEMBER_CRMS.filter((_, i) => statusOf(rows[i] ?? null) !== 'not_configured');
  const on = setUp.find((provider) => rows[MEMBER_CRMS.indexOf(provider)]?.enabled);
  return on ?? setUp[0] ?? MEMBER_CRMS[0];
}

async function assertMembers(call: MemberCall, assetId: string, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const valid = unique.every((id) => UUID_PATTERN.test(id));
  const found = valid ? await call.deps.db.teamMember.count({ where: { id: { in: unique }, assetId, deletedAt: null } }) : 0;
  if (found !== unique.length) throw AppError.notFound(M.memberNotFound);
  return unique;
}

async function syncFromProvider(call: MemberCall, assetId: string, memberIds: string[]): Promise<MemberSyncResult> {
  const provider = await memberSyncProvider(call, assetId);
  const row = await requireIntegration(call.deps, assetId, provider);
  return queueMemberSync(call.deps, { ...row, name: provider }, memberIds);
}

/** PATCH sync-now/{id}: the member from the asset's CRM (Goyzer or Engage), as a queued run. */
export async function syncMemberNow(call: MemberCall, id: string): Promise<MemberSyncResult> {
  const assetId = memberAsset(call, MEMBER_CALL_PERMISSIONS.update);
  return syncFromProvider(call, assetId, await assertMembers(call, assetId, [id]));
}

/** POST sync-multiple-members. */
export async function syncMembers(call: MemberCall, input: z.output<typeof MemberSyncMultipleInputSchema>): Promise<MemberSyncResult> {
  const assetId = memberAsset(call, MEMBER_CALL_PERMISSIONS.update);
  const { ids } = input;
  return syncFromProvider(call, assetId, await assertMembers(call, assetId, ids));
}

/**
 * GET sync-runs/{id}: a members run of the caller's asset (status, progress, counts, error), as the member page
 * follows it; readable with the team's permission (the integration's sync-status needs the integrations one).
 */
export async function memberSyncRun(call: MemberCall, id: string): Promise<SyncRun> {
  const assetId = memberAsset(call, MEMBER_CALL_PERMISSIONS.update);
  const run = UUID_PATTERN.test(id)
    ? await call.deps.db.syncRun.findFirst({ where: { id, assetId, provider: { in: [...MEMBER_CRMS] }, kind: 'members' } })
    : null;
  if (!run || !isMemberCrm(run.provider)) throw AppError.notFound(MESSAGES.record.notFound('Sync run'));
  return toSyncRun(run, run.provider);
}

/** GET offices/engage|goyzer/{asset}: the integration's offices. */
export async function integrationOffices(call: MemberCall, integration: MemberIntegration, asset: string): Promise<IntegrationOffices> {
  memberAsset(call, MEMBER_CALL_PERMISSIONS.update);
  return memberCrmOffices(call.deps, assetOfActor(call.actor, asset), integration);
}
