import {
  INTEGRATION_MESSAGES as M,
  integrationProviders,
  isCrmProvider,
  type CrmProviderName,
  type SyncModule,
  type SyncUnavailable,
} from '@crm/domain';
import { AppError } from '../../../core/app-error.js';
import type { AppDeps } from '../../../core/deps.js';
import { requireIntegration } from '../integration-guard.js';
import type { IntegrationRow } from '../integration-record.js';
import { canSync } from './sync-adapters.js';
import { queueSyncRun } from './sync-queue.js';

// The sync calls of leads, members and listings go to the asset's primary CRM (the lead setting `primaryCrm`,
// docs/leads.md 'Lead settings'). None set, or its integration not configured or switched off: 409 CONFLICT with
// data { provider, reason } (provider 'none' when no CRM is set). Members and offices come from Goyzer or Engage
// (members/member-sync.service.ts).

function noCrm(): AppError {
  const data: SyncUnavailable = { provider: 'none', reason: 'NOT_CONFIGURED' };
  return AppError.conflict(M.noPrimaryCrm, data);
}

export async function primaryCrmOf(deps: Pick<AppDeps, 'db'>, assetId: string): Promise<CrmProviderName | null> {
  const asset = await deps.db.asset.findUnique({ where: { id: assetId }, select: { primaryCrm: true } });
  return asset && isCrmProvider(asset.primaryCrm) ? asset.primaryCrm : null;
}

/** The primary CRM's integration row when usable; else the 409. */
export async function requirePrimaryCrm(deps: Pick<AppDeps, 'db'>, assetId: string): Promise<IntegrationRow & { name: CrmProviderName }> {
  const crm = await primaryCrmOf(deps, assetId);
  if (!crm) throw noCrm();
  return (await requireIntegration(deps, assetId, crm)) as IntegrationRow & { name: CrmProviderName };
}

/** Queues the CRM's run of `module` for the records `ids`; a CRM that does not sync that module answers 409. */
export async function queueCrmSync(
  deps: Pick<AppDeps, 'db' | 'jobs' | 'clock'>,
  row: IntegrationRow,
  module: SyncModule,
  ids: readonly string[],
): Promise<string> {
  const provider = row.name as CrmProviderName;
  if (!canSync(provider, module)) {
    throw AppError.conflict(M.moduleNotSynced(integrationProviders[provider].label, module), { provider, reason: 'NOT_CONFIGURED' });
  }
  return queueSyncRun(deps, row, [module], ids);
}
